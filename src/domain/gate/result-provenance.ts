/**
 * Where a stored result's responses came from. Only what the server itself read from the official portal (or an
 * upload that the portal later gave the same responses for) may move what other candidates see: an uploaded page is
 * whatever its uploader sent.
 */
export const RESULT_PROVENANCES = ['portal', 'uploaded', 'confirmed'] as const;
export type ResultProvenance = (typeof RESULT_PROVENANCES)[number];

/** What a stored result says of its origin: `uploaded` for a saved page, `confirmed` once the portal agreed. */
export interface ProvenanceFields {
  uploaded?: true;
  confirmed?: true;
}

export function provenanceOf({ uploaded, confirmed }: ProvenanceFields): ResultProvenance {
  if (!uploaded) return 'portal';
  return confirmed ? 'confirmed' : 'uploaded';
}

/** Results whose responses the portal vouches for: the only ones whose official results feed any fit. */
export const isTrustedProvenance = (provenance: ResultProvenance) => provenance !== 'uploaded';

/** The provenance in the words a candidate and an admin read. */
export const PROVENANCE_WORDS: Record<ResultProvenance, string> = {
  portal: 'Fetched by HireGate from the official GATE portal.',
  uploaded: 'Uploaded as a saved page: HireGate has not seen these responses on the official portal.',
  confirmed: 'Uploaded as a saved page, then confirmed: its portal link gave the same responses.',
};

/** The short label of tables and the CSV. */
export const PROVENANCE_LABELS: Record<ResultProvenance, string> = {
  portal: 'Portal',
  uploaded: 'Uploaded',
  confirmed: 'Confirmed',
};

/** Two response vectors are the same when every question's response is (an absent response is an empty one). */
export function sameResponses(a: Record<string, string>, b: Record<string, string>): boolean {
  const ids = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...ids].every((id) => (a[id] ?? '') === (b[id] ?? ''));
}
