import type { ResultSummary } from '../store';
import type { ResultAnswer } from '../../src/contract';
import { provenanceOf } from '../../src/domain/gate/result-provenance';

/**
 * A row of the admin's results list (the spec's Result), with the link while it is kept (View Scorecard sends it), the
 * name of the paper that scored it, `uploaded` for a result scored from a saved page the candidate uploaded, and its
 * provenance (portal, uploaded, or an upload its portal link later confirmed).
 */
export function presentResult(result: ResultSummary, paperName?: string): ResultAnswer {
  const { id, email, name, candidateId, set, totalMarks, finalMarks, negativeMarks, attempts, isVerified } = result;
  return {
    _id: id,
    email: email ?? '',
    name,
    candidateId,
    set,
    totalMarks,
    finalMarks,
    negativeMarks,
    attempts,
    isVerified,
    createdAt: result.createdAt.toISOString(),
    paperId: result.paperId,
    ...(paperName ? { paper: paperName } : {}),
    ...(result.link ? { link: result.link } : {}),
    ...(result.uploaded ? { uploaded: true } : {}),
    provenance: provenanceOf(result),
  };
}
