/**
 * "This browser logged out" between tabs (issue 15): the channel and its message, and a listener the
 * entry starts at once. The session watch that acts on it loads once the page is idle (issue 12); a
 * logout another tab announces before then would otherwise go unheard, and this tab would keep showing
 * an account that is gone. Apart from session-events.ts, so the entry carries only these lines.
 */
export const LOGOUT_CHANNEL = 'gatehouse-session';
export const LOGOUT_MESSAGE = 'logged-out';

let early: BroadcastChannel | undefined;
let heard = false;

/** main.tsx: listen from the start of the page until the session watch takes over. */
export function listenForLogoutEarly(): void {
  if (typeof BroadcastChannel === 'undefined' || early) return;
  early = new BroadcastChannel(LOGOUT_CHANNEL);
  early.onmessage = (event: MessageEvent) => {
    if (event.data === LOGOUT_MESSAGE) heard = true;
  };
}

/** Whether another tab logged out before anyone else listened; stops the early listener. */
export function takeEarlyLogout(): boolean {
  const wasHeard = heard;
  heard = false;
  early?.close();
  early = undefined;
  return wasHeard;
}
