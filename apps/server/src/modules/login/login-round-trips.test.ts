import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { testConfig } from '../../test-support/test-app.js';
import { createTestStore, TEST_STORE } from '../../test-support/test-stores.js';
import {
  countingDb,
  countKvCalls,
  newStoreCounter,
  type StoreCounter,
} from '../../test-support/store-round-trips.js';
import { createAccount, device, login, PASSWORD, sessionCookieOf, type Device } from './login.test-kit.js';

/**
 * What one login asks of the stores (issue 12, ADR 0021). A password login on a known device is the
 * path bench:api measures: every round trip here is CPU and latency on every login. Before ADR 0021
 * it took 14 round trips on either store (SQLite: 14 statements, 8 commits; PostgreSQL + Redis: 4
 * statements and 10 Redis calls).
 */
let app: App;
let counter: StoreCounter;
let known: Device;
const EMAIL = 'rita.round@example.com';

beforeEach(async () => {
  const store = TEST_STORE === 'pg' ? (await createTestStore()).env : {};
  const config = testConfig(store);
  counter = newStoreCounter();
  app = buildApp(config, { db: countingDb(config, counter) });
  await app.ready();
  countKvCalls(app, counter);
  const account = await createAccount(app, { email: EMAIL });
  known = device();
  await app.devices.remember(account.id, known.guid);
});
afterEach(async () => {
  await app.close();
});

describe(`store round trips of a login on ${TEST_STORE}`, () => {
  it('a password login on a known device', async () => {
    counter.reset();
    const res = await login(app, { email: EMAIL }, PASSWORD, known);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { need_verify: null } });
    if (TEST_STORE === 'pg') {
      // The account, the device, then device + session + sign-in history row in one statement; Redis: the route limit,
      // the address gate with the replay claim and the risk counters, the password gate, the counts.
      expect(counter.sql).toHaveLength(3);
      expect(counter.sql[2]).toMatch(/^with /);
      expect(counter.kv).toEqual(['incr', 'batch(4)', 'batch(2)', 'batch(2)']);
    } else {
      // The same 6 steps: the address gate is one transaction (count and claim), so is the last
      // (device, session, its sign-in history row, the two counts).
      expect(counter.sql).toHaveLength(18);
      expect(counter.summary().commits).toBe(4);
    }
  });

  it('ends the session the browser carried in the same write as the new one', async () => {
    const first = sessionCookieOf(await login(app, { email: EMAIL }, PASSWORD, known));
    counter.reset();
    const again = await login(app, { email: EMAIL }, PASSWORD, known, {
      cookies: { gh_session: first ?? '' },
    });
    expect(sessionCookieOf(again)).toBeDefined();
    const before = counter.summary();
    const profile = await app.inject({
      url: '/x-api/v2/private/user/profile',
      cookies: { gh_session: first ?? '' },
    });
    expect(profile.json().ret_code).toBe(10006);
    if (TEST_STORE === 'pg') expect(before.roundTrips).toBe(7);
    else expect(before.commits).toBe(4);
  });
});
