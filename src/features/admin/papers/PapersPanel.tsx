import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { KeyVersionStamp } from '../../../domain/gate';
import type { AdminQuestion } from '../admin-api';
import { adminStatsQuery, DISPUTES_KEY, KEY_VERSIONS_KEY, allPapersQuery } from '../admin-queries';
import type { AdminCredentials } from '../../../lib/admin-session';
import { QuestionItem } from '../questions/QuestionItem';
import { QuestionSkeleton } from '../questions/QuestionSkeleton';
import { useAnswerSaving } from '../questions/use-answer-saving';
import { usePendingAnswerIds } from '../outbox/use-pending-answers';
import { useAdminStats } from '../panels/use-admin-stats';
import { ImportKeyForm } from './ImportKeyForm';
import { RescoreLine } from './RescoreStatusList';
import { KeyVersions } from './KeyVersions';
import { DisputedAnswers } from './DisputedAnswers';
import { paperStateText } from './paper-state';

export const PAPERS_LOAD_FAILED_MESSAGE = 'Failed to load question papers. Please try again later.';

/** All Question Papers: papers with their counts, each question editable, Marked / Not Marked. */
export function PapersPanel({ credentials }: { credentials: AdminCredentials }) {
  const queryClient = useQueryClient();
  const papers = useQuery(allPapersQuery(credentials));
  const papersQueryKey = allPapersQuery(credentials).queryKey;
  const adminStatsQueryKey = adminStatsQuery(credentials).queryKey;
  const stats = useAdminStats(credentials);
  const pending = usePendingAnswerIds();
  // Every applied key change (an import, an answer saved now or sent later, a dispute applied) makes a key version,
  // and the disputes are looked for again under it.
  const keysChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: papersQueryKey });
    void queryClient.invalidateQueries({ queryKey: adminStatsQueryKey });
    void queryClient.invalidateQueries({ queryKey: KEY_VERSIONS_KEY });
    void queryClient.invalidateQueries({ queryKey: DISPUTES_KEY });
  }, [queryClient, papersQueryKey, adminStatsQueryKey]);
  useRefreshWhenSent(pending, keysChanged);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  /** The key version each paper's last import made, which its Key versions part opens on. */
  const [imported, setImported] = useState<Record<string, KeyVersionStamp>>({});

  const updateQuestion = useCallback(
    (id: string, change: Partial<AdminQuestion>) =>
      queryClient.setQueryData(
        papersQueryKey,
        (sets) =>
          sets &&
          Object.fromEntries(
            Object.entries(sets).map(([set, questions]) => [
              set,
              questions.map((q) => (q._id === id ? { ...q, ...change } : q)),
            ]),
          ),
      ),
    [queryClient, papersQueryKey],
  );
  const { saving, save } = useAnswerSaving(credentials, {
    markSavedOnFailure: false,
    onSaved: useCallback(
      (question: AdminQuestion, answerKey: string) => {
        updateQuestion(question._id, { answerKey });
        void queryClient.invalidateQueries({ queryKey: adminStatsQueryKey });
        void queryClient.invalidateQueries({ queryKey: KEY_VERSIONS_KEY });
        void queryClient.invalidateQueries({ queryKey: DISPUTES_KEY });
      },
      [queryClient, updateQuestion, adminStatsQueryKey],
    ),
  });

  const entries = Object.entries(papers.data ?? {});
  return (
    <section className="admin-panel" aria-labelledby="papers-heading">
      <h1 id="papers-heading">All Question Papers</h1>
      <p>Browse through all available question papers below</p>
      {papers.isPending && <QuestionSkeleton />}
      {papers.isError && (
        <p className="admin-alert admin-alert--error" role="alert">
          {PAPERS_LOAD_FAILED_MESSAGE}
        </p>
      )}
      {papers.isSuccess && entries.length === 0 && (
        <p className="admin-alert admin-alert--info" role="status">
          No question papers found
        </p>
      )}
      {entries.map(([paperId, questions]) => {
        const paperName = questions[0]?.name || paperId;
        const state = stats.data?.papers?.find((paper) => paper.id === paperId);
        return (
          <details key={paperId} className="admin-paper">
            <summary className="admin-paper__summary">
              <span className="admin-paper__name">{paperName}</span>
              <span className="admin-paper__count">
                {questions.length} {questions.length === 1 ? 'question' : 'questions'}
              </span>
              {state && (
                <span className={`admin-paper__state admin-paper__state--${state.live ? 'live' : 'waiting'}`}>
                  {paperStateText(state)}
                </span>
              )}
            </summary>
            <RescoreLine job={stats.data?.rescoring.find((job) => job.paperId === paperId)} />
            {state?.sectionRule && <p className="admin-paper__sections">{state.sectionRule}</p>}
            <ImportKeyForm
              credentials={credentials}
              paperId={paperId}
              paperName={paperName}
              questions={questions}
              sections={state?.sections}
              onImported={(report) => {
                keysChanged();
                const made = report.keyVersion;
                if (made) setImported((all) => ({ ...all, [paperId]: made }));
              }}
            />
            <KeyVersions
              // Mounted anew after each import, so it opens on the new version's comparison.
              key={imported[paperId]?.version ?? 'none'}
              credentials={credentials}
              paperId={paperId}
              justImported={imported[paperId]}
            />
            <DisputedAnswers credentials={credentials} paperId={paperId} onApplied={keysChanged} />
            {questions.map((question, index) => (
              <QuestionItem
                key={question._id}
                question={question}
                answer={drafts[question._id] ?? question.answerKey ?? ''}
                number={index + 1}
                statusTag="marked"
                saving={saving.has(question._id)}
                pendingSync={pending.has(question._id)}
                onAnswerChange={(answerKey) => setDrafts((all) => ({ ...all, [question._id]: answerKey }))}
                onSave={() => void save(question, drafts[question._id] ?? question.answerKey ?? '')}
              />
            ))}
          </details>
        );
      })}
    </section>
  );
}

/** Saves that waited offline reach the server later: then the stored keys (and the re-scoring) are worth re-reading. */
function useRefreshWhenSent(pending: ReadonlySet<string>, refresh: () => void): void {
  const previous = useRef(pending);
  const latestRefresh = useRef(refresh);
  latestRefresh.current = refresh;
  useEffect(() => {
    const sent = [...previous.current].some((id) => !pending.has(id));
    previous.current = pending;
    if (sent) latestRefresh.current();
  }, [pending]);
}
