import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../lib/api-error.js';
import { testDb } from '../../test-support/test-app.js';
import { createAccountsRepository, type AccountsRepository } from './accounts.repository.js';

describe('accounts repository', () => {
  let db: Db;
  let accounts: AccountsRepository;

  beforeEach(async () => {
    db = await testDb();
    accounts = createAccountsRepository(db);
  });
  afterEach(() => db.destroy());

  const base = { passwordHash: 'h', lang: 'en', site: 'global' as const };

  it('creates an account with a 10-digit id and finds it every way', async () => {
    const a = await accounts.create({ ...base, email: ' Ann@Example.COM ', residenceCountry: 'fr' });
    expect(a.id).toMatch(/^[1-9]\d{9}$/);
    expect(a).toMatchObject({
      email: 'ann@example.com',
      mobile: null,
      status: 'active',
      residenceCountry: 'FR',
    });
    expect(await accounts.findById(a.id)).toEqual(a);
    expect(await accounts.findByEmail('ANN@example.com')).toEqual(a);
    expect(await accounts.findByLoginName('ann@example.com')).toEqual(a);
    const m = await accounts.create({ ...base, mobile: '+447700900123' });
    expect(await accounts.findByMobile('+447700900123')).toEqual(m);
    expect(await accounts.findByLoginName('+447700900123')).toEqual(m);
    expect(await accounts.findByLoginName('nobody@example.com')).toBeUndefined();
  });

  it('refuses a taken e-mail or mobile with ACCOUNT_EXISTS, also concurrently', async () => {
    const results = await Promise.allSettled([
      accounts.create({ ...base, email: 'dup@example.com' }),
      accounts.create({ ...base, email: 'DUP@example.com' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    expect(((rejected as PromiseRejectedResult).reason as ApiError).code).toBe(RetCode.AccountExists);
    await accounts.create({ ...base, mobile: '+15550001' });
    await expect(accounts.create({ ...base, mobile: '+15550001' })).rejects.toMatchObject({
      code: RetCode.AccountExists,
    });
    // Two mobile-only accounts (null e-mails) do not collide.
    expect((await db.selectFrom('users').select('id').execute()).length).toBe(2);
  });

  it('replaces the password hash', async () => {
    const a = await accounts.create({ ...base, email: 'x@example.com' });
    await accounts.setPassword(a.id, 'new');
    expect((await accounts.findById(a.id))?.passwordHash).toBe('new');
  });
});
