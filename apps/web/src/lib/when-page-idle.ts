/**
 * When a page is idle: its first page has rendered, the document has loaded, the data the page loads
 * on arrival has come in (or a few seconds have passed), and the browser has a moment. Background work
 * (the session watch, the monitor hooks, the toast host, the sign-up form’s country
 * guess) waits for it, so it never competes with the page's own code and data for the network and the
 * main thread: npm run bench:web counts what loads before a page is interactive (issue 12).
 */

/** How long after the first page rendered its arrival loads may hold background work back. */
const QUIET_WAIT_MS = 5_000;

let shown = false;
let pending = 0;
let quietTimer: ReturnType<typeof setTimeout> | undefined;
const afterShown = new Set<() => void>();
const afterQuiet = new Set<() => void>();

function flush(waiting: Set<() => void>): void {
  const tasks = [...waiting];
  waiting.clear();
  for (const task of tasks) task();
}

function quietNow(): boolean {
  return pending === 0 || quietTimer === undefined;
}

/** Called by the shell once the first page has rendered (components/shell/app-shell.tsx). */
export function markPageShown(): void {
  if (shown) return;
  shown = true;
  // Arrival loads that never settle (a long poll) hold nothing back for longer than this.
  quietTimer = setTimeout(() => {
    quietTimer = undefined;
    flush(afterQuiet);
  }, QUIET_WAIT_MS);
  flush(afterShown);
}

/** A page's arrival load started (lib/use-api-data.ts); call the answer when it settled. */
export function pageLoadStarted(): () => void {
  pending += 1;
  let settled = false;
  return () => {
    if (settled) return;
    settled = true;
    pending -= 1;
    if (pending === 0) flush(afterQuiet);
  };
}

/** Runs `task` once the page is idle (see above). Returns a cancel function. */
export function whenPageIdle(task: () => void, idleTimeoutMs = 2000): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const run = () => {
    if (!cancelled) task();
  };
  const idle = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: idleTimeoutMs });
      cancelIdle = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(run, 0);
      cancelIdle = () => clearTimeout(id);
    }
  };
  const quiet = () => {
    if (cancelled) return;
    if (quietNow()) idle();
    else afterQuiet.add(quiet);
  };
  const loaded = () => {
    if (cancelled) return;
    if (document.readyState === 'complete') quiet();
    else window.addEventListener('load', quiet, { once: true });
  };
  if (shown) loaded();
  else afterShown.add(loaded);
  return () => {
    cancelled = true;
    afterShown.delete(loaded);
    afterQuiet.delete(quiet);
    window.removeEventListener('load', quiet);
    cancelIdle();
  };
}
