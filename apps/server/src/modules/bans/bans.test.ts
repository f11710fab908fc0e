import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import type { Account } from '../accounts/accounts.repository.js';
import { createAccount, device, loginFully } from '../login/login.test-kit.js';
import { BanAdminError, createBanAdmin, parseSince, parseUntil } from './ban-admin.js';

const HOUR = 3_600_000;
let app: App;
let ann: Account;

beforeEach(async () => {
  app = await testApp();
  ann = await createAccount(app, { email: 'ann@example.com' });
});
afterEach(() => app.close());

const status = async (id: string) =>
  (await app.db
    .selectFrom('users')
    .select(['status', 'banned_at'])
    .where('id', '=', id)
    .executeTakeFirst()) ?? null;

describe('bans (operator side: the CLI service)', () => {
  it('bans by e-mail or id with reason, end and self-help, mirrors users.status, and unbans', async () => {
    const admin = createBanAdmin(app.db);
    const until = Date.now() + 48 * HOUR;
    const { ban } = await admin.ban('ANN@example.com', { reason: 'chargeback', until, selfHelp: true });
    expect(ban).toMatchObject({ userId: ann.id, reason: 'chargeback', until, selfHelp: true });
    expect(await status(ann.id)).toEqual({ status: 'banned', banned_at: ban.bannedAt });
    expect((await admin.show(ann.id)).ban).toEqual(ban);

    // A second ban replaces the terms (one record per account).
    await admin.ban(ann.id, { reason: 'review', until: null, selfHelp: false });
    expect((await admin.show(ann.id)).ban).toMatchObject({ reason: 'review', until: null, selfHelp: false });
    expect(await app.db.selectFrom('account_bans').select('user_id').execute()).toHaveLength(1);

    expect((await admin.unban(ann.id)).lifted).toBe(true);
    expect(await status(ann.id)).toEqual({ status: 'active', banned_at: null });
    expect((await admin.unban(ann.id)).lifted).toBe(false);
    expect((await admin.show(ann.id)).ban).toBeNull();
  });

  it('ends every session of the account when it bans', async () => {
    const dev = device();
    const cookie = await loginFully(app, { email: 'ann@example.com' }, 'ann@example.com', dev);
    const profile = () =>
      app.inject({ url: '/x-api/v2/private/user/profile', cookies: { gh_session: cookie } });
    expect((await profile()).json().ret_code).toBe(0);
    await createBanAdmin(app.db).ban(ann.id, { reason: 'abuse', until: null, selfHelp: false });
    expect((await profile()).json().ret_code).toBe(10006);
  });

  it('refuses unknown and terminated accounts', async () => {
    const admin = createBanAdmin(app.db);
    await expect(
      admin.ban('nobody@example.com', { reason: 'x', until: null, selfHelp: false }),
    ).rejects.toThrow(BanAdminError);
    await app.db.updateTable('users').set({ status: 'terminated' }).where('id', '=', ann.id).execute();
    await expect(admin.ban(ann.id, { reason: 'x', until: null, selfHelp: false })).rejects.toThrow(
      /terminated/,
    );
    await admin.unban(ann.id);
    expect((await status(ann.id))?.status).toBe('terminated');
  });

  it('an expired ban no longer counts and is removed when read', async () => {
    let now = Date.now();
    const admin = createBanAdmin(app.db, () => now);
    await admin.ban(ann.id, { reason: 'cool-off', until: now + HOUR, selfHelp: false });
    now += HOUR - 1;
    expect((await admin.show(ann.id)).ban).not.toBeNull();
    now += 1;
    expect((await admin.show(ann.id)).ban).toBeNull();
    expect(await status(ann.id)).toEqual({ status: 'active', banned_at: null });
    expect(await app.db.selectFrom('account_bans').select('user_id').execute()).toHaveLength(0);
  });
});

describe('parseUntil (--until)', () => {
  const now = Date.UTC(2030, 0, 1, 12);
  it('reads durations, UTC dates and never', () => {
    expect(parseUntil(undefined, now)).toBeNull();
    expect(parseUntil('never', now)).toBeNull();
    expect(parseUntil('12h', now)).toBe(now + 12 * HOUR);
    expect(parseUntil('7d', now)).toBe(now + 7 * 24 * HOUR);
    expect(parseUntil('2w', now)).toBe(now + 14 * 24 * HOUR);
    expect(parseUntil('30m', now)).toBe(now + 30 * 60_000);
    expect(parseUntil('2030-02-01', now)).toBe(Date.UTC(2030, 1, 1));
    expect(parseUntil('2030-02-01T08:30', now)).toBe(Date.UTC(2030, 1, 1, 8, 30));
    expect(parseUntil('2030-02-01T08:30+02:00', now)).toBe(Date.UTC(2030, 1, 1, 6, 30));
  });
  it('refuses the past and nonsense', () => {
    expect(() => parseUntil('2029-12-31', now)).toThrow(/past/);
    expect(() => parseUntil('tomorrow', now)).toThrow(BanAdminError);
    expect(() => parseUntil('2030-13-45', now)).toThrow(BanAdminError);
  });
});

describe('parseSince (--since)', () => {
  const now = Date.UTC(2030, 0, 2, 12);
  it('reads a duration back from now or a past UTC date; default now', () => {
    expect(parseSince(undefined, now)).toBe(now);
    expect(parseSince('25h', now)).toBe(now - 25 * HOUR);
    expect(parseSince('2030-01-01', now)).toBe(Date.UTC(2030, 0, 1));
    expect(() => parseSince('2030-02-01', now)).toThrow(/past/);
    expect(() => parseSince('yesterday', now)).toThrow(BanAdminError);
  });
});
