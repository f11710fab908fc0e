import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import { testDb } from '../../test-support/test-app.js';
import { createSessionRepository } from './session.repository.js';
import { createSessionService, type SessionService } from './session.service.js';
import { sessionIdOf } from './session-token.js';

const MIN = 60_000;

describe('session service', () => {
  let db: Db;
  let clock: number;
  let sessions: SessionService;

  beforeEach(async () => {
    db = await testDb();
    clock = Date.UTC(2025, 0, 1);
    sessions = createSessionService(createSessionRepository(db), {
      idleTimeoutMs: 30 * MIN,
      absoluteTimeoutMs: 120 * MIN,
      now: () => clock,
    });
  });
  afterEach(() => db.destroy());

  it('creates a 256-bit base64url token and stores only its hash', async () => {
    const token = await sessions.create('u1', { userAgent: 'UA', ip: '203.0.113.9' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: sessionIdOf(token),
      user_id: 'u1',
      created_at: clock,
      last_seen_at: clock,
      expires_at: clock + 120 * MIN,
      idle_timeout_ms: 30 * MIN,
      user_agent: 'UA',
      ip: '203.0.113.9',
      revoked_at: null,
    });
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('gives different tokens every time', async () => {
    const tokens = new Set(await Promise.all(Array.from({ length: 20 }, () => sessions.create('u1'))));
    expect(tokens.size).toBe(20);
  });

  it('verifies a fresh token', async () => {
    const token = await sessions.create('u1');
    expect(await sessions.verify(token)).toEqual({ userId: 'u1', sessionId: sessionIdOf(token) });
  });

  it('rejects unknown and malformed tokens', async () => {
    await sessions.create('u1');
    expect(await sessions.verify('x'.repeat(43))).toBeNull();
    expect(await sessions.verify("' or 1=1 --")).toBeNull();
    expect(await sessions.verify('')).toBeNull();
  });

  it('lapses after the idle timeout and slides with use', async () => {
    const token = await sessions.create('u1');
    clock += 29 * MIN;
    expect(await sessions.verify(token)).not.toBeNull(); // use: last_seen_at moves
    clock += 29 * MIN;
    expect(await sessions.verify(token)).not.toBeNull();
    clock += 30 * MIN;
    expect(await sessions.verify(token)).toBeNull();
  });

  it('writes last_seen_at at most once a minute', async () => {
    const token = await sessions.create('u1');
    clock += 30_000;
    await sessions.verify(token);
    const row = await db.selectFrom('sessions').select('last_seen_at').executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBe(clock - 30_000);
    clock += 30_000;
    await sessions.verify(token);
    expect(
      (await db.selectFrom('sessions').select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at,
    ).toBe(clock);
  });

  it('ends at the absolute timeout however active', async () => {
    const token = await sessions.create('u1');
    for (let i = 0; i < 7; i++) {
      clock += 17 * MIN;
      expect(await sessions.verify(token)).not.toBeNull();
    }
    clock = Date.UTC(2025, 0, 1) + 120 * MIN;
    expect(await sessions.verify(token)).toBeNull();
  });

  it('revokes one session', async () => {
    const a = await sessions.create('u1');
    const b = await sessions.create('u1');
    await sessions.revoke(a);
    expect(await sessions.verify(a)).toBeNull();
    expect(await sessions.verify(b)).not.toBeNull();
    await sessions.revoke('junk'); // no throw
  });

  it('revokes every session of a user and no one else’s', async () => {
    const a = await sessions.create('u1');
    const b = await sessions.create('u1');
    const c = await sessions.create('u2');
    expect(await sessions.revokeAllForUser('u1')).toBe(2);
    expect(await sessions.verify(a)).toBeNull();
    expect(await sessions.verify(b)).toBeNull();
    expect(await sessions.verify(c)).not.toBeNull();
  });

  it('purges rows past their absolute end', async () => {
    await sessions.create('u1');
    clock += 60 * MIN;
    await sessions.create('u2');
    clock += 61 * MIN;
    expect(await sessions.purgeExpired()).toBe(1);
    expect(await db.selectFrom('sessions').select('user_id').execute()).toEqual([{ user_id: 'u2' }]);
  });

  it('uses exchange-grade defaults: 2 h idle, 7 d absolute', () => {
    const defaults = createSessionService(createSessionRepository(db));
    expect(defaults.idleTimeoutMs).toBe(2 * 60 * MIN);
    expect(defaults.absoluteTimeoutMs).toBe(7 * 24 * 60 * MIN);
  });
});
