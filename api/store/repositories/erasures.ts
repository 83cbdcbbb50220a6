import type { DocumentCollection } from '../collection';
import type { ErasureRepository } from '../types';
import type { AlertMailDoc } from './alert-mails';
import type { OfficialReportDoc } from './official-reports';
import type { ResultDoc } from './results';
import type { ScoreAlertDoc } from './score-alerts';
import { normaliseEmail } from './users';
import type { VerificationDoc } from './verifications';

/** Everything stored under one address, across the collections that hold it. */
export function erasureRepository(collections: {
  results: DocumentCollection<ResultDoc>;
  scoreAlerts: DocumentCollection<ScoreAlertDoc>;
  alertMails: DocumentCollection<AlertMailDoc>;
  officialReports: DocumentCollection<OfficialReportDoc>;
  verifications: DocumentCollection<VerificationDoc>;
}): ErasureRepository {
  const { results, scoreAlerts, alertMails, officialReports, verifications } = collections;
  return {
    async eraseAddress(address) {
      const email = normaliseEmail(address);
      const resultIds = (await results.project({ email }, ['_id'])).map((doc) => doc._id);
      // The address's alerts, and any alert on a result that goes (it would have nothing to tell).
      const alertsOfResults =
        resultIds.length > 0 ? await scoreAlerts.project({ resultId: { $in: resultIds } }, ['_id']) : [];
      const alertIds = [
        ...new Set([...(await scoreAlerts.project({ email }, ['_id'])), ...alertsOfResults].map((doc) => doc._id)),
      ];
      // Reports and alert mails first: were the erasure cut short, a repeat still finds them through their results.
      const reports = resultIds.length > 0 ? await officialReports.deleteMany({ _id: { $in: resultIds } }) : 0;
      if (alertIds.length > 0) await alertMails.deleteMany({ alertId: { $in: alertIds } });
      const alerts = alertIds.length > 0 ? await scoreAlerts.deleteMany({ _id: { $in: alertIds } }) : 0;
      const removedResults = resultIds.length > 0 ? await results.deleteMany({ _id: { $in: resultIds } }) : 0;
      await verifications.deleteMany({ email });
      return { results: removedResults, alerts, reports };
    },
  };
}
