import type { DocumentCollection } from '../collection';
import { DuplicateError, type AlertMail, type AlertMailRepository, type AlertMailState } from '../types';

/** A score-change mail as stored: `<alert id>@<key version>`, so an alert never gets two for one version. */
export type AlertMailDoc = Omit<AlertMail, 'id'> & { _id: string };

const toMail = ({ _id, ...mail }: AlertMailDoc): AlertMail => ({ id: _id, ...mail });

const STATES: AlertMailState[] = ['pending', 'sending', 'sent', 'failed', 'superseded'];

/**
 * The queue of score-change mails. A mail is claimed under a lease (compare-and-set on the state and lease it was
 * read with, so two instances never both take it) and marked sent by its claimer only; a mail left 'sending' by an
 * instance that died is due again once its lease runs out.
 */
export function alertMailRepository(mails: DocumentCollection<AlertMailDoc>): AlertMailRepository {
  return {
    async enqueue(mail, now = new Date()) {
      try {
        await mails.insertOne({
          ...mail,
          _id: `${mail.alertId}@${mail.version}`,
          state: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          owner: '',
          leaseUntil: new Date(0),
          createdAt: now,
          updatedAt: now,
        });
        return true;
      } catch (error) {
        if (error instanceof DuplicateError) return false;
        throw error;
      }
    },

    async supersede(alertId, beforeVersion, now = new Date()) {
      // By alert alone, which both stores index; an alert has a mail or two at most.
      const mailsOfAlert = await mails.project({ alertId }, ['state', 'version']);
      const waiting = mailsOfAlert.filter((mail) => mail.state === 'pending' && mail.version < beforeVersion);
      for (const { _id } of waiting) {
        await mails.updateOne({ _id, state: 'pending' }, { $set: { state: 'superseded', updatedAt: now } });
      }
    },

    async claim(owner, leaseMs, limit, now = new Date()) {
      const due = [
        ...(await mails.find(
          { state: 'pending', nextAttemptAt: { $lte: now } },
          { sort: { nextAttemptAt: 1 }, limit },
        )),
        ...(await mails.find({ state: 'sending', leaseUntil: { $lte: now } }, { limit })),
      ].slice(0, limit);
      const leaseUntil = new Date(now.getTime() + leaseMs);
      const claimed: AlertMail[] = [];
      for (const mail of due) {
        const taken = await mails.updateOne(
          { _id: mail._id, state: mail.state, leaseUntil: mail.leaseUntil },
          { $set: { state: 'sending', owner, leaseUntil, updatedAt: now } },
        );
        if (taken) claimed.push(toMail({ ...mail, state: 'sending', owner, leaseUntil, updatedAt: now }));
      }
      return claimed;
    },

    markSent: (id, owner, now = new Date()) =>
      mails.updateOne(
        { _id: id, owner, state: 'sending' },
        { $set: { state: 'sent', sentAt: now, updatedAt: now }, $unset: { error: true } },
      ),

    async markFailed(id, owner, error, retryAt, now = new Date()) {
      const doc = await mails.findOne({ _id: id, owner, state: 'sending' });
      if (!doc) return;
      const next = retryAt ? { state: 'pending' as const, nextAttemptAt: retryAt } : { state: 'failed' as const };
      await mails.updateOne(
        { _id: id, owner, state: 'sending' },
        { $set: { ...next, attempts: doc.attempts + 1, error, leaseUntil: new Date(0), updatedAt: now } },
      );
    },

    async release(owner, now = new Date()) {
      for (const { _id } of await mails.project({ owner, state: 'sending' }, ['state'])) {
        await mails.updateOne(
          { _id, owner, state: 'sending' },
          { $set: { state: 'pending', leaseUntil: new Date(0), updatedAt: now } },
        );
      }
    },

    async countByState() {
      const counts = await Promise.all(STATES.map((state) => mails.count({ state })));
      return Object.fromEntries(STATES.map((state, i) => [state, counts[i] ?? 0])) as Record<AlertMailState, number>;
    },
  };
}
