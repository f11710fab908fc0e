// Vitest globalSetup for the e2e projects: one real server (the built one, as users run it) on a free
// port with a throw-away data folder, shared by every spec and stopped at the end. The e2e project runs
// it on the embedded store; e2e-pg on PostgreSQL + Redis (vitest.config.ts).
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_CAPTCHA_ENV, startBuiltServer } from './server-process.js';

/** The download page's store links (language-download.spec.ts). */
export const E2E_APP_DOWNLOAD_ENV = {
  APP_DOWNLOAD_IOS_URL: 'https://apps.apple.com/app/gatehouse/id0000000001',
  APP_DOWNLOAD_ANDROID_URL: 'https://play.google.com/store/apps/details?id=example.gatehouse',
};

/**
 * Every browser of the suite is one address (127.0.0.1): the baseline per-address API limit and the
 * sign-up sends per address per clock hour (30 deployed) would count the whole suite as one visitor
 * (QR polling and page loads of one spec leave the next spec's sign-up answered 10016; the suite signs
 * up more than 30 accounts, so a late spec's sign-up failed when its hour had started before the
 * suite). Routes' own per-minute limits (sends, guesses) stay as deployed; the server tests prove
 * every limit with parallel requests.
 */
export const E2E_RATE_LIMIT_ENV = { RATE_LIMIT_MAX: '100000', REGISTER_SENDS_PER_ADDRESS_HOUR: '100000' };

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://localhost:PORT` of the server under test. */
    baseUrl: string;
    port: number;
    /**
     * e2e-pg only: DATABASE_URL, REDIS_URL and the shared keys of the server under test, provided by
     * the store set-up that runs first (apps/server/src/test-support/store-global-setup.ts).
     */
    testStoreEnv?: Record<string, string>;
    /**
     * The store variables of the server under test (DATA_DIR, and on e2e-pg DATABASE_URL and
     * REDIS_URL), for specs that set data up the way an operator's tool would (ban.spec.ts).
     */
    serverStoreEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  let server;
  const store = project.getProvidedContext().testStoreEnv ?? {};
  try {
    // NODE_ENV=test: the server serves the built web app and keeps the /dev tools the specs read
    // (outbox, Telegram simulator, demo OAuth client), with quiet logs.
    // The captcha stays ON (login, sign-up and reset sends, third-party login ask for it, as in
    // production): every spec passes the real self-hosted ALTCHA proof of work in Chromium. Only its
    // price is lowered (E2E_CAPTCHA_ENV), so the many sign-ups and logins of the suite stay fast.
    // On e2e-pg the store set-up provided a PostgreSQL schema, a Redis key prefix and the keys.
    server = await startBuiltServer({
      env: {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        ...E2E_CAPTCHA_ENV,
        ...E2E_APP_DOWNLOAD_ENV,
        ...E2E_RATE_LIMIT_ENV,
        // The local OpenID provider plays Google and Apple (social-login.spec.ts, issue 16).
        SOCIAL_STAND_IN: '1',
        ...store,
      },
      stdio: ['ignore', log, log],
    });
  } catch (error) {
    const output = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n--- server output (last lines) ---\n${output}`);
  }
  project.provide('baseUrl', server.baseUrl);
  project.provide('port', server.port);
  project.provide('serverStoreEnv', { NODE_ENV: 'test', DATA_DIR: dataDir, ...store });

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
