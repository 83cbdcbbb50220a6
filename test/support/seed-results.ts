import { createStore, type ResultInput } from '../../api/store';
import { resultKeyOf } from '../../api/features/checker/checker-service';
import { identifySheet, paperIdOf, parseResponseSheet } from '../../src/domain/gate';
import { itemAt } from '../../src/domain/lists';
import { readFixtureJson, readFixtureText, type FixtureSet, type FixtureUrls } from './fixtures';
import { UNSCORED } from './builders';

/** The fixtures' expected.json, as far as seeding needs it. */
interface ExpectedCandidate {
  candidateId: string;
  name: string;
  totalMarks: number;
  positiveMarks: number;
  negativeMarks: number;
  attempts: number;
  incorrectAttempts: number;
  questions: Record<string, { response: string | number | null }>;
}

export interface SeededResult {
  candidateId: string;
  name: string;
  email: string;
  isVerified: boolean;
  createdAt: Date;
  /** Stored as a candidate's upload of the saved page: a second result of a candidate who was also fetched. */
  uploaded?: true;
  /** What re-scoring against the fixture key must produce. */
  expected: Pick<ExpectedCandidate, 'totalMarks' | 'positiveMarks' | 'negativeMarks' | 'attempts'>;
}

/**
 * Writes the fixture candidates of one set as stored results (as the checker would have stored them before any key
 * was known: zero marks, key version 0), into the data folder a test server is then started on. Response vectors
 * come from the fixtures' ground truth in master terms; links point at the running fixture server. `uploadedCopyOf`
 * names a candidate (by index) who also uploaded the saved page: that upload is stored too, newest of all.
 */
export async function seedFixtureResults(
  dataDir: string,
  fixtureSet: FixtureSet,
  testPaper: string,
  sheetUrl: (fixtureUrl: string) => string,
  firstCreatedAt = new Date('2026-03-01T08:00:00Z'),
  { uploadedCopyOf }: { uploadedCopyOf?: number } = {},
): Promise<SeededResult[]> {
  const expected = readFixtureJson<{ candidates: ExpectedCandidate[] }>(fixtureSet, 'expected.json');
  const urls = readFixtureJson<FixtureUrls>(fixtureSet, 'urls.json');
  // The paper these results belong to is the one its master sheet makes when an administrator uploads it.
  const paperId = paperIdOf(identifySheet(parseResponseSheet(readFixtureText(fixtureSet, 'master.html')))!);
  const store = await createStore({ mongodbUri: undefined, dataDir });
  const seeded: SeededResult[] = [];
  const seed = async (index: number, createdAt: Date, uploaded: boolean) => {
    const candidate = itemAt(expected.candidates, index);
    const link = sheetUrl(itemAt(urls.sheets, index).url);
    const responses = Object.fromEntries(
      Object.entries(candidate.questions)
        .filter(([, question]) => question.response !== null)
        // The engine's response vector joins MSQ master letters with ',' (the fixtures write 'A;C').
        .map(([longId, question]) => [longId, String(question.response).replaceAll(';', ',')]),
    );
    const origin = uploaded
      ? { kind: 'upload' as const, html: readFixtureText(fixtureSet, itemAt(urls.sheets, index).file), link }
      : { kind: 'link' as const, link };
    const result: ResultInput = {
      candidateId: candidate.candidateId,
      name: candidate.name,
      email: `${candidate.candidateId.toLowerCase()}@example.com`,
      set: testPaper,
      paperId,
      isVerified: index % 3 !== 2,
      resultKey: resultKeyOf(origin, paperId, candidate.candidateId),
      ...(uploaded ? { uploaded: true } : { link }),
      responses,
      ...UNSCORED,
      scoredAt: firstCreatedAt,
    };
    await store.results.upsert(result, createdAt);
    seeded.push({
      candidateId: result.candidateId,
      name: result.name,
      email: result.email!,
      isVerified: result.isVerified,
      createdAt,
      ...(uploaded ? { uploaded: true } : {}),
      expected: {
        totalMarks: candidate.totalMarks,
        positiveMarks: candidate.positiveMarks,
        negativeMarks: candidate.negativeMarks,
        attempts: candidate.attempts,
      },
    });
  };
  const hoursLater = (hours: number) => new Date(firstCreatedAt.getTime() + hours * 3_600_000);
  try {
    for (const index of expected.candidates.keys()) await seed(index, hoursLater(index), false);
    if (uploadedCopyOf !== undefined) await seed(uploadedCopyOf, hoursLater(expected.candidates.length), true);
  } finally {
    await store.close();
  }
  return seeded;
}
