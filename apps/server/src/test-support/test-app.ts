import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type BuildAppOptions } from '../app.js';
import { loadConfig, type AppConfig, type Env } from '../config/index.js';
import { needsSharedKeys, testSharedKeys } from './shared-keys.js';

/**
 * Configuration for tests: an in-memory SQLite database, no web build (pages use the built-in
 * template), silent logs, and no captcha on the protected routes (login, sign-up sends, reset
 * sends, third-party login), so other modules' tests need not solve one. Pass env variables to
 * override: captcha tests pass `CAPTCHA_ENABLED: '1'` (CHEAP_CAPTCHA_ENV in captcha-test-kit.ts).
 * Where loadConfig requires shared keys (production, PostgreSQL, Redis), the test set is added.
 */
export function testConfig(env: Env = {}): AppConfig {
  const merged: Env = {
    NODE_ENV: 'test',
    DATABASE_URL: 'sqlite::memory:',
    WEB_DIST: path.join(os.tmpdir(), 'gatehouse-no-web-dist'),
    DATA_DIR: path.join(os.tmpdir(), 'gatehouse-test-data'),
    CAPTCHA_ENABLED: '0',
    ...env,
  };
  // Production, PostgreSQL and Redis need configured keys: the process-wide test set, unless given.
  return loadConfig(needsSharedKeys(merged) ? { ...testSharedKeys(merged['NODE_ENV']), ...merged } : merged);
}

/** A ready app on a fresh in-memory database; close it in afterAll/afterEach. */
export async function testApp(env: Env = {}, opts: BuildAppOptions = {}): Promise<App> {
  const app = buildApp(testConfig(env), opts);
  await app.ready();
  return app;
}
