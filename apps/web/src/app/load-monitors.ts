import { whenPageIdle } from '../lib/when-page-idle';

/**
 * Installs the monitor hooks (lib/metrics): 403s, answers slower than 5 s and captcha errors go to
 * the collector. Loaded once the page is idle, not with it: the API monitor keeps what it sees until
 * then, and the captcha runs on a submit, well after. (Here rather than in main.tsx: this chunk
 * already carries the lazy-import helper and its file list.)
 */
export function loadMonitors(): void {
  whenPageIdle(() => void import('../lib/metrics/install-monitors').then((m) => m.installMonitors()));
}
