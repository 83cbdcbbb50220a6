import type { ReactNode } from 'react';
import { toast as toastify, type Id, type ToastOptions, type TypeOptions } from 'react-toastify/unstyled';
import { requestToaster, subscribeScreens } from './toaster-state';
import { subscribeTopLayer, topDialog } from './top-layer';

/**
 * The app's toasts. Import `toast` from here, not from react-toastify: loading this module is what mounts the toast
 * container, so pages that never show a toast (the home page on first load) do not download react-toastify.
 *
 * One live toast per topic: a toast's topic is its `toastId`, or else the screen it was raised on, and a newer
 * outcome on the same topic replaces the one on show (its text, kind and timer) instead of stacking beside it. A
 * problem (error, warning, info) belongs to where it was raised, the open dialog or else the page, and leaves when that
 * does; a success may announce the screen the app moves to (sign-in's "Login successful" on the dashboard), so it
 * stays its time. `lasting` keeps any toast across screens (a new version to reload into).
 */
requestToaster();

export type AppToastOptions = ToastOptions & { lasting?: boolean };
type Kind = Exclude<TypeOptions, 'default'>;

interface Owner {
  path: string;
  dialog: HTMLDialogElement | undefined;
}

/** The problems on show, by topic, with where they were raised. */
const problems = new Map<Id, Owner>();

function show(kind: Kind, content: ReactNode, { lasting, ...options }: AppToastOptions = {}): Id {
  const dialog = topDialog();
  const topic = options.toastId ?? `screen ${dialog?.id || location.pathname}`;
  const settings = { ...options, toastId: topic, type: kind };
  if (toastify.isActive(topic)) toastify.update(topic, { ...settings, render: content });
  else toastify(content, settings);
  if (kind === 'success' || lasting) problems.delete(topic);
  else problems.set(topic, { path: location.pathname, dialog });
  return topic;
}

/** Dismisses the problems whose dialog has closed or whose page is no longer the one shown. */
function leaveGoneScreens(): void {
  for (const [topic, owner] of problems) {
    const gone = owner.path !== location.pathname || (owner.dialog !== undefined && !owner.dialog.open);
    if (!gone) continue;
    problems.delete(topic);
    toastify.dismiss(topic);
  }
}
subscribeScreens(leaveGoneScreens);
subscribeTopLayer(leaveGoneScreens);
toastify.onChange(({ id, status }) => {
  if (status === 'removed') problems.delete(id);
});

export const toast = {
  success: (content: ReactNode, options?: AppToastOptions) => show('success', content, options),
  error: (content: ReactNode, options?: AppToastOptions) => show('error', content, options),
  info: (content: ReactNode, options?: AppToastOptions) => show('info', content, options),
  warning: (content: ReactNode, options?: AppToastOptions) => show('warning', content, options),
  dismiss: (topic?: Id) => toastify.dismiss(topic),
};

export type { ToastOptions };
