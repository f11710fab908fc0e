import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Env } from '../config/index.js';

/**
 * The PostgreSQL + Redis side of the test suite: which store the tests run on, a fresh schema and
 * key prefix per app (or per group of apps sharing them), the keys instances must share, and the
 * clean-up. The defaults match scripts/lib/test-stores.mjs, which decides whether these tests run.
 */

/** The test database: every schema made here is `tr_<run>_<random>` and dropped afterwards. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** The test Redis: every key made here starts `gh-test:<run>:` and is deleted afterwards. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** `pg` in the server-pg project (GATEHOUSE_TEST_STORE=pg, set by vitest.config.ts), else `sqlite`. */
export const TEST_STORE: 'sqlite' | 'pg' = process.env.GATEHOUSE_TEST_STORE === 'pg' ? 'pg' : 'sqlite';

const SCHEMA_PREFIX = 'tr_';
const KEY_PREFIX = 'gh-test:';
/** Leftovers of runs that were killed before their teardown are removed by a later run after this. */
const STALE_AFTER_MS = 6 * 60 * 60_000;

/** A run id: its start time (base 36, so stale leftovers can be told by name) and a random part. */
export function newRunId(now = Date.now()): string {
  return `${now.toString(36)}_${randomBytes(3).toString('hex')}`;
}

let currentRun: string | undefined;
let keys: Promise<Env> | undefined;

/**
 * The run this test file belongs to and its shared keys, given by the global setup (so keys are
 * generated once per run, not per file); without them a local run id and keys are made.
 */
export function useRun(run: string | undefined, sharedKeys?: Env): void {
  currentRun = run ?? currentRun ?? newRunId();
  if (sharedKeys) keys = Promise.resolve(sharedKeys);
}

function run(): string {
  return (currentRun ??= newRunId());
}

/** DATABASE_URL for one schema of the test database: libpq's `options` sets its search path. */
export function pgUrlWithSchema(schema: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/**
 * REDIS_URL whose every key starts with `prefix`. ioredis reads its options from the URL's query,
 * and `keyPrefix` also covers the keys of Lua scripts (the rate limiter's), so the app needs no
 * setting of its own for it (docs/configuration.md, REDIS_URL).
 */
export function redisUrlWithPrefix(prefix: string): string {
  const url = new URL(TEST_REDIS_URL);
  url.searchParams.set('keyPrefix', prefix);
  return url.toString();
}

export interface TestStore {
  schema: string;
  keyPrefix: string;
  /** DATABASE_URL and REDIS_URL for an app on this schema and prefix. */
  env: { DATABASE_URL: string; REDIS_URL: string };
}

/** Schemas made by this module instance (one test file), dropped by dropCreatedStores(). */
const created: string[] = [];

async function withPg<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty schema and key prefix: what an in-memory SQLite database is to the embedded tests. */
export async function createTestStore(runId: string = run()): Promise<TestStore> {
  const id = randomBytes(4).toString('hex');
  const schema = `${SCHEMA_PREFIX}${runId}_${id}`;
  const keyPrefix = `${KEY_PREFIX}${runId}:${id}:`;
  await withPg((client) => client.query(`create schema ${schema}`));
  created.push(schema);
  return {
    schema,
    keyPrefix,
    env: { DATABASE_URL: pgUrlWithSchema(schema), REDIS_URL: redisUrlWithPrefix(keyPrefix) },
  };
}

async function dropSchemas(names: string[]): Promise<void> {
  if (names.length === 0) return;
  await withPg(async (client) => {
    // A test that left an app open must not hang the run: its schema goes at the run's end instead.
    await client.query(`set lock_timeout = '5s'`);
    for (const name of names) {
      await client.query(`drop schema if exists ${name} cascade`).catch((err: Error) => {
        console.warn(`[test-stores] could not drop schema ${name} now: ${err.message}`);
      });
    }
  });
}

/** Drop the schemas this test file made (its apps are closed by then). */
export async function dropCreatedStores(): Promise<void> {
  await dropSchemas(created.splice(0));
}

/** The run id in a schema name or key, or null when it is not ours. */
function runOf(name: string, prefix: string): string | null {
  return name.startsWith(prefix)
    ? (name.slice(prefix.length).match(/^([0-9a-z]+_[0-9a-f]{6})/)?.[1] ?? null)
    : null;
}

function isStale(runId: string, now: number): boolean {
  const started = parseInt(runId.split('_')[0] ?? '', 36);
  return Number.isFinite(started) && now - started > STALE_AFTER_MS;
}

/**
 * Drop every schema and key of `runId` (the global teardown), and those of runs older than six
 * hours that never got to their teardown. Concurrent runs on the same servers are left alone.
 */
export async function dropRun(runId: string, now = Date.now()): Promise<void> {
  const doomed = (name: string, prefix: string) => {
    const owner = runOf(name, prefix);
    return owner !== null && (owner === runId || isStale(owner, now));
  };
  const schemas = await withPg(async (client) => {
    const { rows } = await client.query<{ nspname: string }>(
      `select nspname from pg_namespace where nspname like '${SCHEMA_PREFIX}%'`,
    );
    return rows.map((r) => r.nspname);
  });
  await dropSchemas(schemas.filter((s) => doomed(s, SCHEMA_PREFIX)));

  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${KEY_PREFIX}*`, 'COUNT', 1000);
      cursor = next;
      const mine = keys.filter((k) => doomed(k, KEY_PREFIX));
      if (mine.length) await redis.del(...mine);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/**
 * The secrets every instance of one deployment must share, as environment variables: the password
 * transport keys (a password encrypted with the key one instance served is decrypted by another),
 * the captcha HMAC key (a challenge issued by one is verified by another), the 2FA key (a secret
 * one encrypted is read by another), the Telegram bot token.
 * Generated once per test process. When configuration renames these or requires more of them with
 * a shared store, this is the one place to change.
 */
export function sharedKeysEnv(): Promise<Env> {
  keys ??= (async () => {
    const rsa = promisify(generateKeyPair);
    const pem = async () =>
      (await rsa('rsa', { modulusLength: 2048 })).privateKey
        .export({ type: 'pkcs8', format: 'pem' })
        .toString();
    const [prod, testnet, test] = await Promise.all([pem(), pem(), pem()]);
    return {
      PASSWORD_RSA_PRIVATE_KEY_PROD: prod,
      PASSWORD_RSA_PRIVATE_KEY_TESTNET: testnet,
      PASSWORD_RSA_PRIVATE_KEY_TEST: test,
      CAPTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      TWO_FACTOR_KEY: randomBytes(32).toString('hex'),
      TELEGRAM_BOT_TOKEN: `${1_000_000_000 + randomBytes(3).readUIntBE(0, 3)}:${randomBytes(27).toString('base64url').slice(0, 35)}`,
    };
  })();
  return keys;
}

let fileStore: Env | undefined;

/**
 * One schema and prefix for the whole test file, made before it loads (store-setup.ts): what the
 * synchronous testConfig() points at, since a schema cannot be created synchronously. testApp()
 * gives each app its own instead.
 */
export async function prepareFileStore(): Promise<void> {
  fileStore = (await createTestStore()).env;
}

/**
 * The store variables testConfig() adds: none on SQLite, the file's schema and prefix on
 * PostgreSQL. A single app keeps generating its own keys as on SQLite (tests of a missing key
 * stay meaningful); testApps() passes sharedKeysEnv(). Should configuration come to require
 * those keys whenever a shared store is set, keep them here too (prepareFileStore can await them).
 */
export function fileStoreEnv(): Env {
  if (TEST_STORE === 'sqlite') return {};
  if (!fileStore) {
    throw new Error(
      'GATEHOUSE_TEST_STORE=pg needs the server-pg project (its setup file makes the schema): ' +
        'npx vitest run --project server-pg <file>',
    );
  }
  return fileStore;
}
