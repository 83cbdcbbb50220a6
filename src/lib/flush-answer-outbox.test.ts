import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, type AnswerOutboxEntry } from './db';
import { flushAnswerOutbox, syncAnswerOutbox } from './flush-answer-outbox';

const entry = (opId: string, questionId: string, clientTime: number, answerKey = 'A'): AnswerOutboxEntry => ({
  opId,
  questionId,
  longId: `L-${questionId}`,
  answerKey,
  clientTime,
  authorization: 'Basic YWRtaW46cHc=',
  attempts: 0,
});

interface Sent {
  body: { _id: string; answerKey: string; opId: string; clientTime: string };
  authorization: string | null;
}

/** A fake server answering each request with the next planned reply ('offline' throws like fetch does). */
function fakeServer(plan: Array<number | 'offline'>) {
  const sent: Sent[] = [];
  const fetchImpl = ((_url: string, init: RequestInit) => {
    const step = plan.shift() ?? 200;
    if (step === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
    const body = JSON.parse(init.body as string) as Sent['body'];
    sent.push({ body, authorization: new Headers(init.headers).get('Authorization') });
    const reply = step === 200 ? { data: { data: { long_id: `server-${body._id}` } } } : { message: `refused ${step}` };
    return Promise.resolve(new Response(JSON.stringify(reply), { status: step }));
  }) as typeof fetch;
  return { sent, fetchImpl };
}

describe('flushAnswerOutbox', () => {
  beforeEach(async () => {
    await db.outbox.clear();
  });

  it('sends every save oldest first with its operation id, time and credentials, then empties the outbox', async () => {
    await db.outbox.bulkAdd([entry('op-2', 'q2', 2000, 'B;C'), entry('op-1', 'q1', 1000, '1.5:2')]);
    const { sent, fetchImpl } = fakeServer([200, 200]);
    const outcomes = await flushAnswerOutbox(fetchImpl);
    expect(sent.map((s) => s.body)).toEqual([
      { _id: 'q1', answerKey: '1.5:2', opId: 'op-1', clientTime: new Date(1000).toISOString() },
      { _id: 'q2', answerKey: 'B;C', opId: 'op-2', clientTime: new Date(2000).toISOString() },
    ]);
    expect(sent[0]?.authorization).toBe('Basic YWRtaW46cHc=');
    expect(outcomes).toEqual([
      { opId: 'op-1', questionId: 'q1', state: 'sent', longId: 'server-q1' },
      { opId: 'op-2', questionId: 'q2', state: 'sent', longId: 'server-q2' },
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps the save and everything after it when the network is down', async () => {
    await db.outbox.bulkAdd([entry('op-1', 'q1', 1000), entry('op-2', 'q2', 2000)]);
    const { sent, fetchImpl } = fakeServer(['offline']);
    expect(await flushAnswerOutbox(fetchImpl)).toEqual([]);
    expect(sent).toHaveLength(0);
    expect((await db.outbox.get('op-1'))?.attempts).toBe(1);
    expect(await db.outbox.count()).toBe(2);
  });

  it('retries server failures later but drops a save the server refuses', async () => {
    await db.outbox.bulkAdd([entry('op-1', 'q1', 1000), entry('op-2', 'q2', 2000)]);
    const { fetchImpl } = fakeServer([400, 503]);
    const outcomes = await flushAnswerOutbox(fetchImpl);
    expect(outcomes).toEqual([{ opId: 'op-1', questionId: 'q1', state: 'rejected', message: 'refused 400' }]);
    const left = await db.outbox.toArray();
    expect(left.map((e) => [e.opId, e.attempts, e.lastError])).toEqual([['op-2', 1, 'refused 503']]);
  });

  it('lets a sync event fail while saves remain, so the browser tries again', async () => {
    await db.outbox.add(entry('op-1', 'q1', 1000));
    const realFetch = globalThis.fetch;
    globalThis.fetch = fakeServer(['offline']).fetchImpl;
    try {
      await expect(syncAnswerOutbox()).rejects.toThrow('1 answer save(s) still waiting for the network');
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
