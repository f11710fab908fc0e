import {
  METRICS_MAX_EVENTS,
  METRICS_MAX_MESSAGE,
  METRICS_MAX_PATH,
  type CaptchaScene,
  type MetricsEvent,
} from '@gatehouse/contract';
import * as endpoints from '@gatehouse/contract/endpoints/metrics';
import { api } from '../../api';
import type { CaptchaMonitor } from '../captcha';
import type { ObservedEvent } from './install-monitors';

export type CaptchaEvent = Parameters<CaptchaMonitor>[0];

export interface MetricsReporter {
  add(observed: ObservedEvent): void;
  /** Sends what is queued now (the page is being hidden or left). */
  flush(): void;
}

/** Events seen within this long go out together. */
export const METRICS_BATCH_MS = 3_000;
/** A page that keeps failing reports this many events, then stops: the log learns nothing more. */
export const METRICS_MAX_PER_PAGE = 100;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const STAGES = ['load', 'show', 'solve'] as const;

/** The path of a URL, query and fragment dropped (sign-up links and OAuth codes travel there). */
function pathOf(url: string): string | null {
  try {
    const path = new URL(url, globalThis.location?.href).pathname;
    return path.length <= METRICS_MAX_PATH ? path : path.slice(0, METRICS_MAX_PATH);
  } catch {
    return null;
  }
}

/** Control characters become spaces: the server refuses them (they could forge log lines). */
function printable(text: string): string {
  return [...text].map((c) => (c < ' ' || c === '\u007f' ? ' ' : c)).join('');
}

/** The event as the collector takes it, or null for what it does not (its own call, unknown shapes). */
export function toMetricsEvent(observed: ObservedEvent): MetricsEvent | null {
  if (observed.source === 'request') {
    const { kind, method, url, status, durationMs } = observed.event;
    const path = pathOf(url);
    const verb = METHODS.find((m) => m === method.toUpperCase());
    // The report's own call is never reported: a failing collector must not feed itself.
    if (path === null || !verb || path.endsWith(endpoints.metricsReport.path)) return null;
    return {
      kind,
      method: verb,
      path,
      status: Math.min(Math.max(Math.trunc(status), 0), 599),
      duration_ms: Math.min(Math.max(Math.round(durationMs), 0), 600_000),
    };
  }
  const event = observed.event;
  if (event.kind !== 'error' && event.kind !== 'unavailable') return null;
  const { type, message } = event;
  const stage = STAGES.find((s) => s === event.stage);
  return {
    kind: 'captcha',
    event: event.kind,
    // The dispatcher reports its own scenes (CaptchaTrackEvent); the hook's type is wider.
    scene: event.scene as CaptchaScene,
    ...(typeof type === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(type) ? { type } : {}),
    ...(stage ? { stage } : {}),
    ...(typeof message === 'string' ? { message: printable(message).slice(0, METRICS_MAX_MESSAGE) } : {}),
  };
}

/**
 * Batches monitor events and sends them to the collector (`metricsReport`) with fetch keepalive,
 * so a batch sent as the page is left still arrives; a send never blocks the page, never shows
 * an error and never retries.
 */
export function createMetricsReporter(win: Window = window): MetricsReporter {
  let queue: MetricsEvent[] = [];
  let taken = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) {
      const events = queue.slice(0, METRICS_MAX_EVENTS);
      queue = queue.slice(METRICS_MAX_EVENTS);
      const page = pathOf(win.location.href) ?? '/';
      void api
        .call(endpoints.metricsReport, { page, events }, { hideError: true, keepalive: true })
        .catch(() => {});
    }
  };

  // Leaving or hiding the tab sends what is queued (keepalive lets it finish).
  win.addEventListener('pagehide', flush);
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') flush();
  });

  return {
    add(observed) {
      const event = toMetricsEvent(observed);
      if (!event || taken >= METRICS_MAX_PER_PAGE) return;
      taken += 1;
      queue.push(event);
      if (queue.length >= METRICS_MAX_EVENTS) flush();
      else timer ??= setTimeout(flush, METRICS_BATCH_MS);
    },
    flush,
  };
}
