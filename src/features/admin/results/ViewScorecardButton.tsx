import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { isScorecardData, keepScorecard } from '../../../lib/scorecard/device';
import { generateScorecard } from '../admin-api';
import { adminToast } from '../admin-toast';
import type { AdminCredentials } from '../../../lib/admin-session';
import type { AdminResult } from './result-list';

export const SCORECARD_FAILED_MESSAGE = 'Failed to generate scorecard';

/**
 * Regenerates a candidate's scorecard with admin credentials and opens /scorecard in a new tab, unless the server
 * answers VERIFICATION_REQUIRED ('Please Verify Your Email', shown as is). The hand-over is marked as the admin's: the candidate's own controls (score
 * alerts, the key-update offer) are not shown. The tab is opened during the click (popup blockers allow only that) and
 * pointed at the scorecard once the data is stored, or closed when there is none to show.
 */
export function ViewScorecardButton({ result, credentials }: { result: AdminResult; credentials: AdminCredentials }) {
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setBusy(true);
    const tab = window.open('', '_blank');
    try {
      const answer = await generateScorecard(credentials, result);
      const { message, ...data } = answer;
      if (!isScorecardData(data)) throw new ApiError(200, message ?? '', answer);
      await keepScorecard({ ...data, openedByAdmin: true }, result.link);
      if (tab) tab.location.href = '/scorecard';
      else window.open('/scorecard', '_blank');
    } catch (error) {
      tab?.close();
      if (error instanceof ApiError && error.code === 'VERIFICATION_REQUIRED') {
        adminToast.info(error.message);
        return;
      }
      adminToast.error((error instanceof ApiError && error.message) || SCORECARD_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="button button--primary" disabled={busy} onClick={() => void open()}>
      {busy ? 'Loading...' : 'View Scorecard'}
    </button>
  );
}
