import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type BuildAppOptions } from '../app.js';
import { loadConfig, type AppConfig, type Env } from '../config/index.js';
import { needsSharedKeys, testSharedKeys } from './shared-keys.js';
import { connectDb, type Db } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTestStore, fileStoreEnv, sharedKeysEnv, TEST_STORE } from './test-stores.js';

/**
 * Configuration for tests: an in-memory SQLite database, no web build (pages use the built-in
 * template), silent logs, and no captcha on the protected routes (login, sign-up sends, reset
 * sends, third-party login), so other modules' tests need not solve one. Pass env variables to
 * override: captcha tests pass `CAPTCHA_ENABLED: '1'` (CHEAP_CAPTCHA_ENV in captcha.test-kit.ts).
 * Where loadConfig requires shared keys (production, PostgreSQL, Redis), the test set is added.
 *
 * In the server-pg project (GATEHOUSE_TEST_STORE=pg) the store is PostgreSQL + Redis instead: this
 * test file's schema and key prefix (one per file, as this function is synchronous). testApp()
 * gives each app a schema and prefix of its own.
 */
export function testConfig(env: Env = {}): AppConfig {
  const merged: Env = {
    NODE_ENV: 'test',
    DATABASE_URL: 'sqlite::memory:',
    WEB_DIST: path.join(os.tmpdir(), 'gatehouse-no-web-dist'),
    DATA_DIR: path.join(os.tmpdir(), 'gatehouse-test-data'),
    CAPTCHA_ENABLED: '0',
    ...fileStoreEnv(),
    ...env,
  };
  // Production, PostgreSQL and Redis need configured keys: the process-wide test set, unless given.
  return loadConfig(needsSharedKeys(merged) ? { ...testSharedKeys(merged['NODE_ENV']), ...merged } : merged);
}

/**
 * A ready app on a fresh, empty store (in-memory SQLite; on server-pg a new schema and Redis key
 * prefix); close it in afterAll/afterEach. An env with its own DATABASE_URL keeps it.
 */
export async function testApp(env: Env = {}, opts: BuildAppOptions = {}): Promise<App> {
  const store = TEST_STORE === 'pg' && !env.DATABASE_URL ? (await createTestStore()).env : {};
  const app = buildApp(testConfig({ ...store, ...env }), opts);
  await app.ready();
  return app;
}

export interface TestApps {
  /** Ready apps sharing one store and the same keys, as instances behind a load balancer do. */
  apps: App[];
  /** Close every app (and remove the shared SQLite file). */
  close(): Promise<void>;
}

/**
 * `n` instances of one deployment: one store (on server-pg one PostgreSQL schema and one Redis key
 * prefix; on SQLite one database file, which the instances open together) and the keys that must
 * be the same on every instance passed explicitly (sharedKeysEnv), never left to each instance to
 * generate. The instances start one after another, so only the first migrates.
 */
export async function testApps(n: number, env: Env = {}): Promise<TestApps> {
  let dir: string | undefined;
  let store: Env;
  if (TEST_STORE === 'pg') {
    store = (await createTestStore()).env;
  } else {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-instances-'));
    store = { DATABASE_URL: `sqlite:${path.join(dir, 'gatehouse.sqlite')}` };
  }
  const apps: App[] = [];
  const close = async () => {
    await Promise.all(apps.map((app) => app.close()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const config = { ...(await sharedKeysEnv()), ...store, ...env };
    for (let i = 0; i < n; i++) {
      const app = buildApp(testConfig(config));
      apps.push(app);
      await app.ready();
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { apps, close };
}

/** Two instances of one deployment (testApps(2)). */
export async function testAppPair(env: Env = {}): Promise<{ a: App; b: App; close(): Promise<void> }> {
  const { apps, close } = await testApps(2, env);
  const [a, b] = apps as [App, App];
  return { a, b, close };
}

/**
 * A migrated database on the test store, for repository and service tests that need no app: an
 * in-memory SQLite database, or on server-pg a fresh PostgreSQL schema. The caller destroys it.
 */
export async function testDb(): Promise<Db> {
  const db =
    TEST_STORE === 'pg'
      ? connectDb({ kind: 'postgres', url: (await createTestStore()).env.DATABASE_URL })
      : connectDb({ kind: 'sqlite', file: ':memory:' });
  await migrateToLatest(db);
  return db;
}
