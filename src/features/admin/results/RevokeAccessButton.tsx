import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { revokeAccess } from '../admin-api';
import { adminToast } from '../admin-toast';
import type { AdminCredentials } from '../../../lib/admin-session';

export const REVOKE_FAILED_MESSAGE = 'The devices could not be signed out. Please try again.';

/** Signs out every device that verified this address (docs/privacy.md): each answers 403 ACCESS_REVOKED from now on. */
export function RevokeAccessButton({ email, credentials }: { email: string; credentials: AdminCredentials }) {
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    setBusy(true);
    try {
      adminToast.success((await revokeAccess(credentials, email)).message);
    } catch (error) {
      adminToast.error((error instanceof ApiError && error.message) || REVOKE_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="button" disabled={busy} onClick={() => void revoke()}>
      Sign out this address&apos;s devices
    </button>
  );
}
