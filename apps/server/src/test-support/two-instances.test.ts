import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../app.js';
import {
  createAccount,
  device,
  encryptedPassword,
  outboxCode,
  postJson,
  sessionCookieOf,
} from '../modules/login/login.test-kit.js';
import { testAppPair } from './test-app.js';
import { TEST_REDIS_URL, TEST_STORE } from './test-stores.js';

/**
 * The two-instance harness (testApps) proven on what instances must share: the store (sessions,
 * codes, outbox), the keys (a password encrypted with the key one instance served), and, with
 * Redis, the route rate limits. The same file runs on SQLite (server) and on PostgreSQL + Redis
 * (server-pg).
 */
let a: App;
let b: App;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ a, b, close } = await testAppPair());
});
afterAll(() => close());

const profile = (app: App, cookie: string) =>
  app.inject({ url: '/x-api/v2/private/user/profile', cookies: { gh_session: cookie } });

describe('two instances of one deployment', () => {
  it('are configured with the same keys, never left to generate their own', () => {
    for (const app of [a, b]) {
      expect(app.config.passwordKeys).toHaveProperty('prod');
      expect(app.config.captcha.altcha.hmacKey).not.toBeNull();
      expect(app.config.telegram.botToken).not.toBeNull();
    }
    expect(a.config.captcha.altcha.hmacKey).toBe(b.config.captcha.altcha.hmacKey);
    expect(a.passwords.transport.publicKeySpki('prod')).toBe(b.passwords.transport.publicKeySpki('prod'));
  });

  it('share the login: code sent by A, checked on B; the session works on both and ends on both', async () => {
    const email = `pair.${randomInt(1e9)}@example.com`;
    await createAccount(a, { email });
    const dev = device();
    // The password is encrypted with A's key (the page A served) and sent to B.
    const first = await postJson(
      b,
      '/login',
      { email, ...encryptedPassword(a, 'a quiet lighthouse keeper') },
      dev,
    );
    const step = first.json<{ ret_code: number; result: { need_verify: { challenge_id: string } | null } }>();
    expect(step.ret_code).toBe(0);
    // A new device gets the code step: the challenge lives in B's short-lived keys, the code in the outbox.
    expect(step.result.need_verify).not.toBeNull();
    const code = await outboxCode(a, email, 'login-code');
    const done = await postJson(
      a,
      '/user/public/login/verify',
      { challenge_id: step.result.need_verify?.challenge_id, code },
      dev,
    );
    expect(done.json<{ ret_code: number }>().ret_code).toBe(0);
    const cookie = sessionCookieOf(done) ?? '';
    expect(cookie).not.toBe('');

    expect((await profile(a, cookie)).json<{ ret_code: number }>().ret_code).toBe(0);
    expect((await profile(b, cookie)).json<{ ret_code: number }>().ret_code).toBe(0);
    await postJson(b, '/logout', {}, dev, { cookies: { gh_session: cookie } });
    expect((await profile(a, cookie)).json<{ ret_code: number }>().ret_code).toBe(RetCode.SessionExpired);
  });

  // Route limits count in the shared key/value store (rate-limit-store.ts): Redis on server-pg, the
  // one SQLite file's kv_entries table here.
  it('hold a route limit together: a parallel burst of 60 + 15 split across both lets exactly 60 through', async () => {
    // The captcha challenge route allows 60 a minute per address (captcha.routes.ts).
    const limit = 60;
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const answers = await Promise.all(
      Array.from({ length: limit + 15 }, (_, i) =>
        (i % 2 ? a : b).inject({
          url: '/x-api/v3/public/captcha/altcha-challenge?scene=31004',
          remoteAddress,
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    // Split counts would have let all 75 through. Which instance turned the 15 away depends on how the
    // burst interleaved, so the proof that both see the spent count is one more request to each.
    for (const app of [a, b]) {
      const after = await app.inject({
        url: '/x-api/v3/public/captcha/altcha-challenge?scene=31004',
        remoteAddress,
      });
      expect(after.statusCode).toBe(429);
    }
    if (TEST_STORE !== 'pg') return;
    // On Redis the counter sits under the group's key prefix (REDIS_URL ?keyPrefix=), so runs never collide.
    const prefix = a.redis?.options.keyPrefix ?? '';
    expect(prefix).toMatch(/^gh-test:/);
    const raw = new Redis(TEST_REDIS_URL);
    try {
      expect(await raw.keys(`${prefix}gh:kv:rl:*${remoteAddress}*`)).toHaveLength(1);
      expect(await raw.keys(`gh:kv:rl:*${remoteAddress}*`)).toEqual([]);
    } finally {
      await raw.quit();
    }
  });
});
