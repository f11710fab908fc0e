import { setMonitor, type MonitorEvent } from '../../api';
import { setCaptchaMonitor } from '../captcha';
import type { CaptchaEvent, MetricsReporter } from './metrics-reporter';

export type ObservedEvent =
  { source: 'request'; event: MonitorEvent } | { source: 'captcha'; event: CaptchaEvent };

let reporter: Promise<MetricsReporter> | undefined;

/** Hands an event to the reporter, loading it on the first event: most visits never pay for it. */
function observe(observed: ObservedEvent): void {
  reporter ??= import('./metrics-reporter').then((m) => m.createMetricsReporter());
  // Events seen while the module loads wait on the same promise, in order.
  reporter.then((r) => r.add(observed)).catch(() => {});
}

/**
 * Installs the API monitor and the captcha monitor once, at start (spec §8: 403s and answers over
 * 5 s are reported; §4: captcha errors are tracked). This file is all the page carries; the batching
 * and sending (metrics-reporter.ts) load with the first event.
 */
export function installMonitors(): void {
  setMonitor((event) => observe({ source: 'request', event }));
  setCaptchaMonitor((event) => {
    if (event.kind === 'error' || event.kind === 'unavailable') observe({ source: 'captcha', event });
  });
}
