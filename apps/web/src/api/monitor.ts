import { SLOW_REQUEST_MS } from '@gatehouse/contract';

export interface MonitorEvent {
  /** `forbidden`: the answer was 403; `slow`: it took longer than the threshold. */
  kind: 'forbidden' | 'slow';
  method: string;
  url: string;
  /** HTTP status, or 0 when no answer came back. */
  status: number;
  durationMs: number;
}

export type Monitor = (event: MonitorEvent) => void;

let monitor: Monitor | undefined;
let slowMs = SLOW_REQUEST_MS;
/**
 * Events seen before the first `setMonitor` (the app installs it from a lazily loaded chunk at
 * start, lib/metrics): kept, a few at most, and handed to the first monitor installed.
 */
let early: MonitorEvent[] | undefined = [];
const EARLY_MAX = 20;

/** Installs the monitoring hook (the collector itself is outside the client); `undefined` removes it. */
export function setMonitor(fn: Monitor | undefined, options: { slowMs?: number } = {}): void {
  monitor = fn;
  slowMs = options.slowMs ?? SLOW_REQUEST_MS;
  const pending = early ?? [];
  early = undefined;
  for (const event of pending) emit(event);
}

function emit(event: MonitorEvent): void {
  if (!monitor) {
    if (early && early.length < EARLY_MAX) early.push(event);
    return;
  }
  // A broken collector must never break the call it observes.
  try {
    monitor(event);
  } catch (error) {
    console.error(error);
  }
}

export function reportRequest(method: string, url: string, status: number, durationMs: number): void {
  if (status === 403) emit({ kind: 'forbidden', method, url, status, durationMs });
  if (durationMs > slowMs) emit({ kind: 'slow', method, url, status, durationMs });
}
