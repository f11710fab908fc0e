import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_MAX_EVENTS, RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { METRICS_RATE_LIMIT } from './metrics.routes.js';

const lines: string[] = [];
let app: App;
beforeAll(async () => {
  app = await testApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(() => app.close());

let ipSeq = 0;
const freshIp = () => `203.0.113.${++ipSeq}`;

const report = (payload: unknown, ip = freshIp(), headers: Record<string, string> = { platform: 'pc' }) =>
  app.inject({
    method: 'POST',
    url: '/x-api/v2/public/metrics',
    headers: { host: 'localhost', ...headers },
    remoteAddress: ip,
    payload: payload as Record<string, unknown>,
  });

const slow = { kind: 'slow', method: 'POST', path: '/x-api/login', status: 200, duration_ms: 6400 } as const;
const forbidden = {
  kind: 'forbidden',
  method: 'GET',
  path: '/x-api/v2/private/user/profile',
  status: 403,
  duration_ms: 35,
} as const;
const captchaError = {
  kind: 'captcha',
  event: 'error',
  scene: 31000,
  type: 'altcha',
  stage: 'load',
  message: 'script https://cdn.example/x.js?token=s3cr3t-token failed',
} as const;

const logged = () =>
  lines
    .map((l) => JSON.parse(l) as { msg: string; clientMetrics?: Record<string, unknown> })
    .filter((l) => l.msg === 'client monitor report');

describe('POST /v2/public/metrics', () => {
  it('accepts a batch and writes one structured log line, free text cleaned', async () => {
    const res = await report({ page: '/en/login', events: [slow, forbidden, captchaError] });
    expect(res.json()).toMatchObject({ ret_code: 0, result: { accepted: 3 } });
    const [line] = logged().slice(-1);
    expect(line?.clientMetrics).toMatchObject({ page: '/en/login', forbidden: 1, slow: 1, captcha: 1 });
    const message = (line?.clientMetrics?.events as { message?: string }[])[2]?.message;
    expect(message).toBe('script https://cdn.example/x.js?token=[redacted] failed');
    expect(lines.join('')).not.toContain('s3cr3t-token');
  });

  it('refuses what could carry a secret or is unbounded: queries, unknown kinds, too many events, long text', async () => {
    const refused = [
      { page: '/en/login?redirect_url=x', events: [slow] },
      { page: '/en/login', events: [{ ...slow, path: '/x-api/register?uuid=abc' }] },
      { page: '/en/login', events: [{ ...slow, kind: 'other' }] },
      { page: '/en/login', events: [] },
      { page: '/en/login', events: Array.from({ length: METRICS_MAX_EVENTS + 1 }, () => slow) },
      { page: '/en/login', events: [{ ...captchaError, message: 'x'.repeat(201) }] },
      { page: '/en/login', events: [{ ...captchaError, scene: 1 }] },
      { page: '/en/login', events: [{ ...captchaError, message: 'failed\n{"level":60,"msg":"forged"}' }] },
      { page: 'x'.repeat(5), events: [slow] },
      { page: '/en/login', events: [{ ...slow, duration_ms: -1 }] },
    ];
    const before = logged().length;
    for (const payload of refused) {
      expect((await report(payload)).json(), JSON.stringify(payload).slice(0, 80)).toMatchObject({
        ret_code: RetCode.ParamsInvalid,
      });
    }
    expect(logged().length).toBe(before);
  });

  it('needs the platform header like every other state-changing call', async () => {
    const res = await report({ page: '/en/login', events: [slow] }, freshIp(), {});
    expect(res.statusCode).toBe(403);
  });

  it('rate-limits per address (parallel reports), other addresses unaffected', async () => {
    const ip = freshIp();
    const max = METRICS_RATE_LIMIT.rateLimit.max;
    const answers = await Promise.all(
      Array.from({ length: max + 5 }, () => report({ page: '/en/login', events: [slow] }, ip)),
    );
    const codes = answers.map((r) => r.json<{ ret_code: number }>().ret_code);
    expect(codes.filter((c) => c === 0)).toHaveLength(max);
    expect(codes.filter((c) => c === RetCode.TooFrequent)).toHaveLength(5);
    expect((await report({ page: '/en/login', events: [slow] })).json()).toMatchObject({ ret_code: 0 });
  });
});
