// Vitest globalSetup for the e2e projects: one real server (the built one, as users run it) on a free
// port with a throw-away data folder, shared by every spec and stopped at the end. The e2e project runs
// it on the embedded store; e2e-pg on PostgreSQL + Redis (vitest.config.ts).
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_CAPTCHA_ENV, startBuiltServer } from './server-process.js';

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
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  let server;
  try {
    // NODE_ENV=test: the server serves the built web app and keeps the /dev tools the specs read
    // (outbox, Telegram simulator, demo OAuth client), with quiet logs.
    // The captcha stays ON (login, sign-up and reset sends, third-party login ask for it, as in
    // production): every spec passes the real self-hosted ALTCHA proof of work in Chromium. Only its
    // price is lowered (E2E_CAPTCHA_ENV), so the many sign-ups and logins of the suite stay fast.
    // On e2e-pg the store set-up provided a PostgreSQL schema, a Redis key prefix and the keys.
    const store = project.getProvidedContext().testStoreEnv ?? {};
    server = await startBuiltServer({
      env: { NODE_ENV: 'test', DATA_DIR: dataDir, ...E2E_CAPTCHA_ENV, ...store },
      stdio: ['ignore', log, log],
    });
  } catch (error) {
    const output = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n--- server output (last lines) ---\n${output}`);
  }
  project.provide('baseUrl', server.baseUrl);
  project.provide('port', server.port);

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
