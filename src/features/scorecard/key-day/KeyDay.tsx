import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { withQueryClient } from '../../../lib/query';
import { CHECK_NOW_SEARCH } from '../../../lib/links';
import { keyVersionText } from '../../../lib/scorecard/key-version-text';
import { Spinner } from '../../../lib/ui/FormFields';
import { toast } from '../../../lib/ui/toast';
import { currentKeyVersionQuery, scoreAlertStatusQuery, setScoreAlerts } from './key-day-api';
import {
  keyUpdateOffer,
  refreshProblem,
  refreshScorecard,
  type KeyUpdateOffer,
  type RefreshableScorecard,
  type RefreshedScorecard,
} from './key-update';
import { distributionQuery, rankQuery } from '../prediction/scorecard-api';

/**
 * The scorecard's answer-key-day parts that ask the server: the offer to refresh a scorecard scored under an older
 * key, and the switch for score-change e-mails. The page loads this module once it has painted, so neither the code
 * (nor react-query) nor the calls delay the scorecard's first paint.
 */

interface KeyUpdateNoticeProps {
  data: RefreshableScorecard;
  onRefreshed: (refreshed: RefreshedScorecard) => void;
}

function offerText(offer: KeyUpdateOffer): string {
  return offer.kind === 'newer'
    ? `The answer key has changed since this scorecard was saved: ${keyVersionText(offer.current)}.`
    : 'This scorecard was saved before scorecards named their answer key, so it may not use the current one.';
}

function KeyUpdateNoticeQuery({ data, onRefreshed }: KeyUpdateNoticeProps) {
  const paperId = data.keyVersion?.paperId ?? '';
  // Asked once, when the scorecard opens: offline there is nothing to refresh with, so nothing is offered.
  const [online] = useState(() => navigator.onLine);
  const current = useQuery({ ...currentKeyVersionQuery(paperId), enabled: online && paperId !== '' });
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => refreshScorecard(data, current.data),
    onSuccess: (refreshed) => {
      onRefreshed(refreshed);
      // The rank card's figures come from the stored results, which now hold the new total.
      void queryClient.invalidateQueries({ queryKey: rankQuery(data.resultId, data.testPaper).queryKey });
      void queryClient.invalidateQueries({
        queryKey: distributionQuery(data.paper?.id ?? data.testPaper).queryKey,
      });
    },
  });
  const offer = keyUpdateOffer(data, current.data);
  if (!online || !offer) return null;
  const problem = refresh.isError ? refreshProblem(refresh.error, navigator.onLine) : null;
  return (
    <section className="scorecard__card key-update" aria-label="Answer key update">
      <p className="key-update__text">{offerText(offer)}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={refresh.isPending}
        onClick={() => refresh.mutate()}
      >
        {refresh.isPending && <Spinner />}
        {refresh.isPending ? 'Refreshing…' : 'Refresh'}
      </button>
      {problem && (
        <p className="key-update__problem" role="alert">
          {problem.text}{' '}
          {problem.toChecker && (
            <Link to="/" search={CHECK_NOW_SEARCH}>
              Open the checker
            </Link>
          )}
        </p>
      )}
    </section>
  );
}

const SWITCH_FAILED = 'The e-mail setting could not be changed. Please try again.';

function switchProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 0 && !navigator.onLine) {
    return 'Your device is offline: change the e-mail setting when you are back online.';
  }
  return (error instanceof ApiError && error.message) || SWITCH_FAILED;
}

function ScoreAlertSwitchQuery({ resultId }: { resultId: string }) {
  const hintId = useId();
  const queryClient = useQueryClient();
  const { queryKey } = scoreAlertStatusQuery(resultId);
  const status = useQuery(scoreAlertStatusQuery(resultId));
  const change = useMutation({
    mutationFn: (subscribed: boolean) => setScoreAlerts(resultId, subscribed),
    onSuccess: (next) => {
      queryClient.setQueryData(queryKey, next);
      toast.success(
        next.subscribed
          ? `Done: we will e-mail ${next.email ?? 'you'} if the answer key changes your score.`
          : 'Done: no more e-mails about answer-key changes for this scorecard.',
      );
    },
    onError: (error) => toast.error(switchProblem(error)),
  });
  // Without a verified e-mail (or an answer) there is nowhere to send the mails: no switch at all.
  if (!status.data?.available) return null;
  const subscribed = change.isPending ? change.variables : status.data.subscribed;
  return (
    <section className="scorecard__card score-alerts" aria-label="Score-change e-mails">
      <label className="score-alerts__switch">
        <input
          type="checkbox"
          role="switch"
          checked={subscribed}
          disabled={change.isPending}
          aria-describedby={hintId}
          onChange={(event) => change.mutate(event.target.checked)}
        />
        <span className="score-alerts__track" aria-hidden="true" />
        <span>Tell me if the final key changes my score</span>
      </label>
      <p id={hintId} className="score-alerts__hint">
        E-mails go to {status.data.email}: one for each answer-key change that changes your total, never two for the
        same change.
      </p>
    </section>
  );
}

export const KeyUpdateNotice = withQueryClient(KeyUpdateNoticeQuery);
export const ScoreAlertSwitch = withQueryClient(ScoreAlertSwitchQuery);
