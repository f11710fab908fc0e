// Vitest globalSetup for the e2e project: one real server (the built one, as users run it) on a free
// port with a throw-away data folder, shared by every spec and stopped at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://localhost:PORT` of the server under test. */
    baseUrl: string;
    port: number;
  }
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverEntry = join(root, 'apps/server/dist/server.js');
const startTimeoutMs = 45_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing: run \`npm run build\` before the e2e tests.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  // NODE_ENV=test: the server serves the built web app and keeps the /dev tools the specs read
  // (outbox, Telegram simulator), with the test shortcuts of config (fast hashing, no rate limits).
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir };
  // The embedded store under DATA_DIR, whatever the developer's shell points at.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env,
    stdio: ['ignore', log, log],
  });
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(child, `${baseUrl}/x-api/health`);
  } catch (error) {
    await stop(child);
    const output = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n--- server output (last lines) ---\n${output}`);
  }
  project.provide('baseUrl', baseUrl);
  project.provide('port', port);

  return async () => {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(child: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode} during start`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer ${url} within ${startTimeoutMs / 1000}s`);
}

/** SIGTERM for a graceful close, SIGKILL if it hangs, so a stuck server never blocks the run. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    child.kill('SIGTERM');
  });
}
