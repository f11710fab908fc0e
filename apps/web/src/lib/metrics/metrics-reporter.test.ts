import { METRICS_MAX_EVENTS } from '@gatehouse/contract';
import * as metricsCalls from '@gatehouse/contract/endpoints/metrics';
import * as systemCalls from '@gatehouse/contract/endpoints/system';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, setMonitor } from '../../api';
import { httpError, ok, startApiFake, type ApiFake } from '../../test/api-fake';
import { captchaMonitor, setCaptchaMonitor } from '../captcha/captcha-status';
import { installMonitors } from './install-monitors';
import {
  createMetricsReporter,
  METRICS_BATCH_MS,
  METRICS_MAX_PER_PAGE,
  toMetricsEvent,
} from './metrics-reporter';

let fake: ApiFake;
const fetchInits: RequestInit[] = [];
const realFetch = globalThis.fetch;
beforeAll(async () => {
  fake = await startApiFake();
  globalThis.fetch = (input, init) => {
    if (init) fetchInits.push(init);
    return realFetch(input, init);
  };
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await fake.close();
});
afterEach(() => {
  fake.reset();
  fetchInits.length = 0;
  setMonitor(undefined);
  setCaptchaMonitor(undefined);
  vi.useRealTimers();
});

const slow = (url: string, durationMs = 6_400) =>
  ({ source: 'request', event: { kind: 'slow', method: 'POST', url, status: 200, durationMs } }) as const;

describe('toMetricsEvent', () => {
  it('keeps the path of a call only, never its query or fragment', () => {
    expect(toMetricsEvent(slow('http://localhost/x-api/register?uuid=secret#frag', 6400.7))).toEqual({
      kind: 'slow',
      method: 'POST',
      path: '/x-api/register',
      status: 200,
      duration_ms: 6401,
    });
  });

  it("drops the collector's own call and captcha events other than failures", () => {
    expect(toMetricsEvent(slow(`http://localhost/x-api${metricsCalls.metricsReport.path}`))).toBeNull();
    expect(toMetricsEvent({ source: 'captcha', event: { kind: 'solved', scene: 31000 } })).toBeNull();
  });

  it('bounds captcha text and drops fields the collector would refuse', () => {
    expect(
      toMetricsEvent({
        source: 'captcha',
        event: {
          kind: 'error',
          scene: 31000,
          type: 'altcha',
          stage: 'load',
          message: `a\nb${'x'.repeat(300)}`,
        },
      }),
    ).toEqual({
      kind: 'captcha',
      event: 'error',
      scene: 31000,
      type: 'altcha',
      stage: 'load',
      message: `a b${'x'.repeat(197)}`,
    });
    expect(
      toMetricsEvent({
        source: 'captcha',
        event: { kind: 'unavailable', scene: 31000, stage: 'elsewhere', type: '<x>' },
      }),
    ).toEqual({ kind: 'captcha', event: 'unavailable', scene: 31000 });
  });
});

describe('the reporter', () => {
  it('batches events seen within a few seconds into one report, sent with keepalive', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fake.answer(metricsCalls.metricsReport, ok({ accepted: 2 }));
    const reporter = createMetricsReporter();
    reporter.add(slow('/x-api/login'));
    reporter.add(slow('/x-api/v2/private/user/profile'));
    expect(fake.received(metricsCalls.metricsReport)).toEqual([]);
    vi.advanceTimersByTime(METRICS_BATCH_MS);
    vi.useRealTimers();
    await vi.waitFor(() => expect(fake.received(metricsCalls.metricsReport)).toHaveLength(1));
    const [report] = fake.received(metricsCalls.metricsReport);
    expect(report?.page).toBe(window.location.pathname);
    expect(report?.events.map((e) => ('path' in e ? e.path : null))).toEqual([
      '/x-api/login',
      '/x-api/v2/private/user/profile',
    ]);
    expect(fetchInits.some((init) => init.keepalive === true)).toBe(true);
  });

  it('sends at once when the page is hidden, splits large batches, and stops after a page-wide cap', async () => {
    fake.answer(metricsCalls.metricsReport, ok({ accepted: 1 }));
    const reporter = createMetricsReporter();
    for (let i = 0; i < METRICS_MAX_PER_PAGE + 30; i++) reporter.add(slow(`/x-api/call-${i}`));
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() =>
      expect(fake.received(metricsCalls.metricsReport)).toHaveLength(
        METRICS_MAX_PER_PAGE / METRICS_MAX_EVENTS,
      ),
    );
    const sent = fake.received(metricsCalls.metricsReport).flatMap((r) => r.events);
    expect(sent).toHaveLength(METRICS_MAX_PER_PAGE);
    expect(
      fake.received(metricsCalls.metricsReport).every((r) => r.events.length <= METRICS_MAX_EVENTS),
    ).toBe(true);
  });

  it('swallows a failing collector: no throw, no report of its own failure', async () => {
    fake.answer(metricsCalls.metricsReport, httpError(403));
    installMonitors();
    const reporter = createMetricsReporter();
    reporter.add(slow('/x-api/login'));
    reporter.flush();
    await vi.waitFor(() => expect(fake.received(metricsCalls.metricsReport)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.received(metricsCalls.metricsReport)).toHaveLength(1);
  });
});

describe('installMonitors', () => {
  it('reports a 403 answer and a captcha error through the installed hooks', async () => {
    fake.answer(metricsCalls.metricsReport, ok({ accepted: 2 }));
    fake.answer(systemCalls.webConfig, httpError(403));
    installMonitors();
    await api
      .call(systemCalls.webConfig, { project_name: 'x', keys: ['k'] }, { hideError: true })
      .catch(() => null);
    captchaMonitor()?.({
      kind: 'error',
      scene: 31000,
      type: 'altcha',
      stage: 'load',
      message: 'script failed',
    });
    captchaMonitor()?.({ kind: 'solved', scene: 31000, type: 'altcha' });
    // Let the lazily loaded reporter take the events, then leave the page.
    await vi.waitFor(async () => {
      window.dispatchEvent(new Event('pagehide'));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(fake.received(metricsCalls.metricsReport).flatMap((r) => r.events)).toHaveLength(2);
    });
    expect(fake.received(metricsCalls.metricsReport).flatMap((r) => r.events)).toEqual([
      {
        kind: 'forbidden',
        method: 'POST',
        path: `/x-api${systemCalls.webConfig.path}`,
        status: 403,
        duration_ms: expect.any(Number),
      },
      {
        kind: 'captcha',
        event: 'error',
        scene: 31000,
        type: 'altcha',
        stage: 'load',
        message: 'script failed',
      },
    ]);
  });
});
