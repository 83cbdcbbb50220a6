import { definedFields, type DocumentCollection } from '../collection';
import type { OfficialReport, OfficialReportRepository } from '../types';

/** An official report as stored: its id is its result's, so a second report of a result is a duplicate key. */
export interface OfficialReportDoc extends OfficialReport {
  _id: string;
}

function toReport({ _id: _ignored, ...report }: OfficialReportDoc): OfficialReport {
  return report;
}

export function officialReportRepository(reports: DocumentCollection<OfficialReportDoc>): OfficialReportRepository {
  return {
    async add(report, now = new Date()) {
      const stored = { ...report, reportedAt: now };
      // An absent marks stays absent (MongoDB and nedb would otherwise disagree about undefined).
      await reports.insertOne(definedFields({ _id: report.resultId, ...stored }));
      return stored;
    },
    async findByResult(resultId) {
      const doc = await reports.findOne({ _id: resultId });
      return doc && toReport(doc);
    },
    async setProvenance(resultIds, provenance) {
      for (const resultId of resultIds) await reports.updateOne({ _id: resultId }, { $set: { provenance } });
    },
    async moderate(resultId, entry) {
      const doc = await reports.findOne({ _id: resultId });
      if (!doc) return null;
      // Admins act one at a time on one report: the log is read, extended and written back whole.
      const moderation = [...(doc.moderation ?? []), entry];
      const quarantine = entry.action === 'quarantine';
      await reports.updateOne(
        { _id: resultId },
        quarantine
          ? { $set: { moderation, quarantined: true } }
          : { $set: { moderation }, $unset: { quarantined: true } },
      );
      const { quarantined: _was, ...rest } = doc;
      return toReport({ ...rest, moderation, ...(quarantine ? { quarantined: true as const } : {}) });
    },
    async list(filter = {}) {
      const docs = await reports.find(filter.year === undefined ? {} : { year: filter.year }, {
        sort: { reportedAt: 1 },
      });
      return docs.map(toReport);
    },
  };
}
