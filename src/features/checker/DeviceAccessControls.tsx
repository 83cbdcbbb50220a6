import { useState } from 'react';
import { accessToken, ApiError } from '../../lib/api';
import { toast } from '../../lib/ui/toast';
import { askToForget, signOutDevice } from './device-access-api';
import './device-access.css';

const FAILED = 'That did not work. Please try again.';
const failureText = (error: unknown) => (error instanceof ApiError && error.message) || FAILED;

/**
 * What the candidate controls of this device's access (docs/privacy.md): "Sign out this device" revokes its token and
 * clears what it saved; "Forget me" mails a confirmation to the verified address, whose link deletes their data.
 * Shown only on a device that holds a token.
 */
export function DeviceAccessControls() {
  const [signedIn, setSignedIn] = useState(() => accessToken() !== undefined);
  const [busy, setBusy] = useState(false);
  if (!signedIn) return null;

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast.error(failureText(error), { toastId: 'device-access' });
    } finally {
      setBusy(false);
      setSignedIn(accessToken() !== undefined);
    }
  }

  const signOut = () =>
    run(async () => {
      const { message } = await signOutDevice();
      toast.success(message, { toastId: 'device-access' });
    });
  const forget = () =>
    run(async () => {
      const { message } = await askToForget();
      toast.info(message, { toastId: 'device-access' });
    });

  return (
    <div className="device-access" role="group" aria-label="This device's access">
      <button type="button" className="button" disabled={busy} onClick={() => void signOut()}>
        Sign out this device
      </button>
      <button type="button" className="button" disabled={busy} onClick={() => void forget()}>
        Forget me
      </button>
    </div>
  );
}
