import { newId, type DocumentCollection } from '../collection';
import type { MailOutbox, StoredMail } from '../types';

export interface MailDoc {
  _id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  createdAt: Date;
}

const DEFAULT_LIST_LIMIT = 50;

function toMail({ _id, to, subject, text, html, createdAt }: MailDoc): StoredMail {
  return html === undefined
    ? { id: _id, to, subject, text, createdAt }
    : { id: _id, to, subject, text, html, createdAt };
}

export function mailOutbox(mail: DocumentCollection<MailDoc>): MailOutbox {
  return {
    async add({ to, subject, text, html, createdAt }) {
      const doc: MailDoc = { _id: newId(createdAt.getTime()), to, subject, text, createdAt };
      if (html !== undefined) doc.html = html;
      await mail.insertOne(doc);
    },
    async list(limit = DEFAULT_LIST_LIMIT) {
      const docs = await mail.find({}, { sort: { createdAt: -1, _id: -1 }, limit });
      return docs.map(toMail);
    },
  };
}
