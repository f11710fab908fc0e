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

/** Installs the monitoring hook (the collector itself is outside the client); `undefined` removes it. */
export function setMonitor(fn: Monitor | undefined, options: { slowMs?: number } = {}): void {
  monitor = fn;
  slowMs = options.slowMs ?? SLOW_REQUEST_MS;
}

export function reportRequest(method: string, url: string, status: number, durationMs: number): void {
  if (!monitor) return;
  // A broken collector must never break the call it observes.
  try {
    if (status === 403) monitor({ kind: 'forbidden', method, url, status, durationMs });
    if (durationMs > slowMs) monitor({ kind: 'slow', method, url, status, durationMs });
  } catch (error) {
    console.error(error);
  }
}
