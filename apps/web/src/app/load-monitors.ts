/**
 * Installs the monitor hooks (lib/metrics): 403s, answers slower than 5 s and captcha errors go to
 * the collector. Loaded beside the page, not in it; the API monitor keeps what it sees until then.
 * (Here rather than in main.tsx: this chunk already carries the lazy-import helper and its file list.)
 */
export function loadMonitors(): void {
  void import('../lib/metrics/install-monitors').then((m) => m.installMonitors());
}
