import type { ApiEnvelope } from './errors';
import { LOGOUT_CHANNEL, LOGOUT_MESSAGE, takeEarlyLogout } from './logout-channel';

/**
 * The end of a session, as the client's modules tell each other: who hears a 10006 (spec §4, §8),
 * and "this browser logged out" between tabs. Kept apart from the envelope client (and in one module,
 * one small chunk) so the app can listen without loading the client: the login page loads the client
 * only when the form is used.
 */
export type SessionExpiredHandler = (envelope: ApiEnvelope<unknown>) => void;

let handler: SessionExpiredHandler | undefined;
/**
 * A 10006 answered before any handler was installed: the app installs it once the page is idle
 * (app.tsx), and a page's first call may answer sooner. The handler hears it when it arrives.
 */
let missed: ApiEnvelope<unknown> | undefined;

/** What to do when a call answers 10006 (log out locally, go to login…); not run for quick_token (spec §4). */
export function setSessionExpiredHandler(next: SessionExpiredHandler | undefined): void {
  handler = next;
  const waiting = missed;
  // Removing the handler (the app unmounted) also forgets a waiting answer: it belonged to that app.
  missed = undefined;
  if (next && waiting) next(waiting);
}

/** Runs the installed handler (the envelope client calls it on 10006), or keeps the answer for it. */
export function sessionExpired(envelope: ApiEnvelope<unknown>): void {
  if (handler) handler(envelope);
  else missed = envelope;
}

/**
 * "This browser logged out" between tabs (issue 15): the session cookie is shared by every tab of a
 * site, so after a logout in one the others hold pages of an account that is gone. The tab that
 * logs out announces it; the others forget what they hold and go to the login page
 * (the app's `SessionWatch`). BroadcastChannel reaches the tabs of this origin only, which is exactly
 * the cookie's reach (host-only).
 */
export { LOGOUT_CHANNEL, LOGOUT_MESSAGE };

/** Tell the other tabs of this site that the session ended here. */
export function announceLogout(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(LOGOUT_CHANNEL);
  channel.postMessage(LOGOUT_MESSAGE);
  channel.close();
}

/**
 * Calls `listener` when another tab logs out; returns the unsubscribe. The sender does not hear itself.
 * A logout heard before (logout-channel.ts, from the page's start) is passed on at once.
 */
export function onLogoutElsewhere(listener: () => void): () => void {
  if (takeEarlyLogout()) queueMicrotask(listener);
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(LOGOUT_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    if (event.data === LOGOUT_MESSAGE) listener();
  };
  return () => channel.close();
}
