// Starting and stopping the built server as a child process, for the browser tests and the API bench.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverEntry = join(repoRoot, 'apps/server/dist/server.js');

/**
 * The captcha settings of the e2e servers: the captcha is on, its proof of work cheap. Production
 * asks for 500 PBKDF2 iterations per attempt and ~3,750 attempts on average (about a second of a
 * phone's CPU); here 1 iteration and at most 50 attempts, so the ALTCHA widget solves in a few
 * milliseconds and a suite with dozens of sign-ups and logins does not spend minutes hashing. The
 * flow (challenge, widget, worker, signed payload, scene binding, single use) is the real one.
 */
export const E2E_CAPTCHA_ENV = {
  CAPTCHA_ENABLED: '1',
  CAPTCHA_ALTCHA_COST: '1',
  CAPTCHA_ALTCHA_MAX_COUNTER: '50',
} as const;

export interface RunningServer {
  child: ChildProcess;
  port: number;
  /** `http://localhost:PORT` */
  baseUrl: string;
  stop: () => Promise<void>;
}

/**
 * Starts `node apps/server/dist/server.js` on a free port with `env` and waits for health. DATABASE_URL
 * and REDIS_URL of the caller's shell are dropped: the embedded store under env.DATA_DIR is used unless
 * `env` itself names a store (the e2e-pg project's PostgreSQL schema and Redis key prefix).
 */
export async function startBuiltServer(opts: {
  env: NodeJS.ProcessEnv;
  stdio: StdioOptions;
  timeoutMs?: number;
  /** Extra node flags, e.g. `--cpu-prof` for a profile of the server under load. */
  nodeArgs?: string[];
  /** Another build's `server.js` (bench:api's --baseline), instead of apps/server/dist's. */
  entry?: string;
}): Promise<RunningServer> {
  const entry = opts.entry ?? serverEntry;
  if (!existsSync(entry)) {
    throw new Error(`${entry} is missing: run \`npm run build\` first.`);
  }
  const port = await freePort();
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.REDIS_URL;
  const env: NodeJS.ProcessEnv = { ...inherited, ...opts.env, PORT: String(port) };
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), entry], {
    cwd: repoRoot,
    env,
    stdio: opts.stdio,
  });
  const baseUrl = `http://localhost:${port}`;
  const server = { child, port, baseUrl, stop: () => stopChild(child) };
  try {
    await waitForHealth(child, `${baseUrl}/x-api/health`, opts.timeoutMs ?? 45_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
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

async function waitForHealth(child: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
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
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000}s`);
}

/** SIGTERM for a graceful close, SIGKILL if it hangs, so a stuck server never blocks the run. */
function stopChild(child: ChildProcess): Promise<void> {
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
