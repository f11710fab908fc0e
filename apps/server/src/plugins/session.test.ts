import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RetCode } from '@gatehouse/contract';
import type { Db } from '../db/connect.js';
import { apiResponse, ok } from '../lib/envelope.js';
import errorEnvelope from './error-envelope.js';
import session, { requireSession, wantsBodyToken } from './session.js';
import { testDb } from '../test-support/test-app.js';

const HOUR = 3_600_000;

async function build(secureCookie: boolean, now: () => number) {
  const db = await testDb();
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  await app.register(cookie);
  await app.register(errorEnvelope);
  await app.register(session, { secureCookie, sessionOptions: { now } });
  await app.register(
    async (api) => {
      const r = api.withTypeProvider<ZodTypeProvider>();
      r.post(
        '/login',
        { schema: { body: z.object({ user: z.string() }), response: apiResponse(z.null()) } },
        async (req, reply) => {
          const token = await app.sessions.create(req.body.user, {
            userAgent: req.headers['user-agent'] ?? null,
            ip: req.ip,
          });
          reply.setSession(token);
          return ok(null, wantsBodyToken(req) ? token : undefined);
        },
      );
      r.post('/logout', { schema: { response: apiResponse(z.null()) } }, async (req, reply) => {
        if (req.sessionToken) await app.sessions.revoke(req.sessionToken);
        reply.clearSession();
        return ok(null);
      });
      r.get(
        '/me',
        { preHandler: requireSession, schema: { response: apiResponse(z.object({ id: z.string() })) } },
        async (req) => ok({ id: req.auth.userId }),
      );
      r.get(
        '/maybe',
        { schema: { response: apiResponse(z.object({ id: z.string().nullable() })) } },
        async (req) => ok({ id: (await req.session)?.userId ?? null }),
      );
      r.get('/forgot-guard', async (req) => ok({ id: req.auth.userId }));
    },
    { prefix: '/x-api' },
  );
  return { app, db };
}

describe('session plugin', () => {
  let app: FastifyInstance;
  let db: Db;
  let clock: number;
  beforeEach(async () => {
    clock = Date.UTC(2025, 0, 1);
    ({ app, db } = await build(false, () => clock));
  });
  afterEach(() => app.close());

  const login = (headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/x-api/login',
      payload: { user: 'u1' },
      headers: { platform: 'pc', ...headers },
    });

  it('sets an HttpOnly, SameSite=Lax, host-only cookie and keeps the token out of the body', async () => {
    const res = await login();
    const set = res.cookies.find((c) => c.name === 'gh_session');
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7 * 24 * 3600 });
    expect(set?.domain).toBeUndefined();
    expect(set?.secure).toBeFalsy();
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: null });
  });

  it('returns the token in the envelope to clients that ask for header transport', async () => {
    const res = await login({ 'x-session-transport': 'header' });
    const token = res.json<{ token: string }>().token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await app.inject({ method: 'GET', url: '/x-api/me', headers: { usertoken: token } });
    expect(me.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { id: 'u1' } });
  });

  it('reads the session from the cookie', async () => {
    const token = (await login()).cookies[0]?.value ?? '';
    const me = await app.inject({ method: 'GET', url: '/x-api/me', cookies: { gh_session: token } });
    expect(me.json().result).toEqual({ id: 'u1' });
  });

  it('prefers the cookie over a stale UserToken header', async () => {
    const token = (await login()).cookies[0]?.value ?? '';
    const me = await app.inject({
      method: 'GET',
      url: '/x-api/me',
      cookies: { gh_session: token },
      headers: { usertoken: 'null' },
    });
    expect(me.json().result).toEqual({ id: 'u1' });
  });

  it('answers SESSION_EXPIRED (HTTP 200) without a session, with a junk token and after idle time', async () => {
    const token = (await login()).cookies[0]?.value ?? '';
    for (const headers of [{}, { usertoken: 'null' }, { usertoken: 'abc' }]) {
      const res = await app.inject({ method: 'GET', url: '/x-api/me', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ret_code: RetCode.SessionExpired, result: null });
    }
    clock += 2 * HOUR;
    const idle = await app.inject({ method: 'GET', url: '/x-api/me', cookies: { gh_session: token } });
    expect(idle.json().ret_code).toBe(RetCode.SessionExpired);
  });

  it('lets optional routes read a missing session as null', async () => {
    const res = await app.inject({ method: 'GET', url: '/x-api/maybe' });
    expect(res.json().result).toEqual({ id: null });
  });

  it('logs out: revokes the session and expires the cookie', async () => {
    const token = (await login()).cookies[0]?.value ?? '';
    const out = await app.inject({
      method: 'POST',
      url: '/x-api/logout',
      cookies: { gh_session: token },
      headers: { platform: 'pc' },
    });
    const cleared = out.cookies.find((c) => c.name === 'gh_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    const me = await app.inject({ method: 'GET', url: '/x-api/me', cookies: { gh_session: token } });
    expect(me.json().ret_code).toBe(RetCode.SessionExpired);
    const row = await db.selectFrom('sessions').select('revoked_at').executeTakeFirstOrThrow();
    expect(row.revoked_at).toBe(clock);
  });

  it('treats reading request.auth without the guard as a server bug (500)', async () => {
    const token = (await login()).cookies[0]?.value ?? '';
    const res = await app.inject({
      method: 'GET',
      url: '/x-api/forgot-guard',
      cookies: { gh_session: token },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().ret_code).toBe(RetCode.InternalError);
  });
});

describe('session plugin in production', () => {
  it('uses the __Host- prefixed Secure cookie', async () => {
    const { app } = await build(true, Date.now);
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/x-api/login',
        payload: { user: 'u1' },
        headers: { platform: 'pc' },
      });
      const set = res.cookies.find((c) => c.name === '__Host-gh_session');
      expect(set).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
      expect(set?.domain).toBeUndefined();
      const token = set?.value ?? '';
      const me = await app.inject({
        method: 'GET',
        url: '/x-api/me',
        cookies: { '__Host-gh_session': token },
      });
      expect(me.json().result).toEqual({ id: 'u1' });
      // The development name is not read in production.
      const plain = await app.inject({ method: 'GET', url: '/x-api/me', cookies: { gh_session: token } });
      expect(plain.json().ret_code).toBe(RetCode.SessionExpired);
    } finally {
      await app.close();
    }
  });
});

describe('session sweeper', () => {
  it('purges expired sessions periodically and stops on close', async () => {
    let purges = 0;
    const service = {
      idleTimeoutMs: HOUR,
      absoluteTimeoutMs: HOUR,
      create: () => Promise.resolve(''),
      issue: () => {
        throw new Error('the sweeper starts no session');
      },
      verify: () => Promise.resolve(null),
      revoke: () => Promise.resolve(),
      revokeWrite: () => null,
      revokeAllForUser: () => Promise.resolve(0),
      purgeExpired: () => Promise.resolve(++purges),
      list: () => Promise.resolve([]),
      revokeByRef: () => Promise.resolve(false),
      revokeOthers: () => Promise.resolve(0),
      recordFailure: () => Promise.resolve(),
      history: () => Promise.resolve([]),
    };
    const app = Fastify();
    await app.register(cookie);
    await app.register(session, { secureCookie: false, service, purgeIntervalMs: 5 });
    await app.ready();
    await new Promise((resolve) => setTimeout(resolve, 40));
    await app.close();
    const after = purges;
    expect(after).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(purges).toBe(after);
  });
});
