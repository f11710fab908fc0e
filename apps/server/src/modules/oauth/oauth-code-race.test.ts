import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { connectDb } from '../../db/connect.js';
import { pgSchemaOrSkip } from '../../test-support/pg-or-skip.js';
import { TEST_PG_URL } from '../../test-support/postgres.js';
import { testApp, testConfig } from '../../test-support/test-app.js';
import { codeFor, exchange, postForm, setup, userinfo, type Kit } from './oauth.test-kit.js';

/**
 * RFC 9700 §4.2.4 under concurrency: an authorization code redeemed many times at once, across
 * instances, gives tokens to exactly one request, and the replays revoke them whichever request
 * the store ran first. Each round is a new code; the rounds repeat the race so an ordering that
 * lets a token survive would show.
 */
const CONCURRENT = 6;
const ROUNDS = 5;

type Tokens = { access_token: string; refresh_token: string };

const refreshWith = (kit: Kit, refreshToken: string) =>
  postForm(kit, '/oauth/token', { grant_type: 'refresh_token', refresh_token: refreshToken });

/** Every kit refuses the access token, and the refresh token no longer refreshes. */
async function expectDead(kits: Kit[], tokens: Tokens[]) {
  for (const t of tokens) {
    for (const kit of kits) expect((await userinfo(kit, t.access_token)).statusCode).toBe(401);
    const refresh = await refreshWith(kits[kits.length - 1] as Kit, t.refresh_token);
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
  }
}

async function replayRace(kits: Kit[]) {
  const { code, verifier } = await codeFor(kits[0] as Kit);
  const answers = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) => exchange(kits[i % kits.length] as Kit, code, verifier)),
  );
  const won = answers.filter((r) => r.statusCode === 200);
  expect(won).toHaveLength(1);
  for (const r of answers.filter((a) => a.statusCode !== 200)) {
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ error: 'invalid_grant' });
  }
  await expectDead(
    kits,
    won.map((r) => r.json<Tokens>()),
  );
}

/** A replay of the code racing the holder's refresh: whatever the refresh got is revoked too. */
async function replayDuringRefresh(kits: Kit[]) {
  const { code, verifier } = await codeFor(kits[0] as Kit);
  const first = (await exchange(kits[0] as Kit, code, verifier)).json<Tokens>();
  const [refreshed, ...replays] = await Promise.all([
    refreshWith(kits[kits.length - 1] as Kit, first.refresh_token),
    ...Array.from({ length: CONCURRENT - 1 }, (_, i) =>
      exchange(kits[i % kits.length] as Kit, code, verifier),
    ),
  ]);
  for (const r of replays) expect(r.json(), r.body).toMatchObject({ error: 'invalid_grant' });
  const issued = [first];
  if (refreshed?.statusCode === 200) issued.push(refreshed.json<Tokens>());
  await expectDead(kits, issued);
}

// Each test gets fresh instances: the token endpoint's per-address limit (60 a minute) would
// otherwise count the whole file's requests, all from one test address.

describe('a replayed authorization code on SQLite (one instance, concurrent requests)', () => {
  let kit: Kit;
  beforeEach(async () => {
    kit = await setup(await testApp());
  });
  afterEach(() => kit.app.close());

  it(`gives tokens to one of ${CONCURRENT} concurrent redemptions and then revokes them (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) await replayRace([kit]);
  });

  it('revokes what a refresh racing the replay issued', async () => {
    for (let round = 0; round < ROUNDS; round++) await replayDuringRefresh([kit]);
  });
});

const pg = await pgSchemaOrSkip('oauth-code-race');

describe.skipIf(pg === null)('a replayed authorization code on PostgreSQL, two instances', () => {
  let apps: App[] = [];
  let kits: Kit[] = [];
  let people: Kit | undefined;

  /** An instance on the shared schema, as another server process would be; only the first migrates. */
  async function instance(schema: string, migrate: boolean): Promise<App> {
    // Kysely's migrator lists the tables of every schema, which fails now and then while a
    // parallel suite drops its own schema: the later instances skip that step altogether.
    const config = testConfig({ DATABASE_URL: TEST_PG_URL, MIGRATE_ON_START: migrate ? '1' : '0' });
    const app = buildApp(config, { db: connectDb(config.database, { pgSchema: schema }) });
    apps.push(app);
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    if (!pg) return;
    // The first instance migrates and seeds; the user, session and clients are rows every later
    // instance on the schema sees.
    people = await setup(await instance(pg.schema, true));
  });
  beforeEach(async () => {
    if (!pg || !people) return;
    // Route limits count in the shared store (kv_entries here), across instances and tests alike:
    // start each test with the token endpoint's per-address count at zero.
    await people.app.db.deleteFrom('kv_entries').execute();
    const a = await instance(pg.schema, false);
    const b = await instance(pg.schema, false);
    kits = [
      { ...people, app: a },
      { ...people, app: b },
    ];
  });
  afterEach(async () => {
    for (const app of apps.splice(1)) await app.close();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    apps = [];
    await pg?.drop();
  });

  it(`gives tokens to one of ${CONCURRENT} concurrent redemptions on either instance and then revokes them (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) await replayRace(kits);
  });

  it('revokes what a refresh racing the replay issued, on either instance', async () => {
    for (let round = 0; round < ROUNDS; round++) await replayDuringRefresh(kits);
  });
});
