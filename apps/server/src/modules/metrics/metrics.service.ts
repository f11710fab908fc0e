import type { MetricsEvent, MetricsReportRequest } from '@gatehouse/contract';
import { scrubQueryValues } from '../../lib/log-path.js';

/**
 * What one client report becomes in the log: the validated fields only, with the free text (a
 * captcha's error message) stripped of any query values it quotes (a script URL with a key). The
 * schema bounds every field, so a record is at most a few kilobytes, and the API's safe-input check
 * has already refused control characters (no forged log lines).
 */
export interface MetricsLogRecord {
  page: string;
  forbidden: number;
  slow: number;
  captcha: number;
  events: MetricsEvent[];
}

export function metricsLogRecord(report: MetricsReportRequest): MetricsLogRecord {
  const events = report.events.map((event) =>
    event.kind === 'captcha' && event.message !== undefined
      ? { ...event, message: scrubQueryValues(event.message) }
      : event,
  );
  const count = (kind: MetricsEvent['kind']) => events.filter((e) => e.kind === kind).length;
  return {
    page: report.page,
    forbidden: count('forbidden'),
    slow: count('slow'),
    captcha: count('captcha'),
    events,
  };
}
