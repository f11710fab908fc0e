// The Gatehouse server under measurement: the built dist, as users run it, on the embedded store
// (SQLite under a throw-away DATA_DIR) or on PostgreSQL + Redis (a throw-away schema and key prefix,
// made and dropped the way the server-pg tests do it: apps/server/src/test-support/test-stores.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startBuiltServer, type RunningServer } from '../../e2e/support/server-process.js';
import { reachable } from '../../apps/server/src/test-support/postgres.js';
import {
  createTestStore,
  dropRun,
  newRunId,
  sharedKeysEnv,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
} from '../../apps/server/src/test-support/test-stores.js';
import { cpuOf, procCpuMicros, REPORT_CPU_ARGS } from './cpu-time.js';

export type StoreKind = 'sqlite' | 'pg';

export const STORE_LABEL: Record<StoreKind, string> = {
  sqlite: 'SQLite',
  pg: 'PostgreSQL+Redis',
};

export interface BenchServer {
  store: StoreKind;
  server: RunningServer;
  /** The server process's CPU time so far, µs. */
  cpu(): Promise<number>;
  /**
   * CPU time so far of the PostgreSQL backends serving it, µs (null on SQLite, or when they cannot
   * be read: the database on another host). Redis is shared by everyone on the machine, so its
   * process-wide figure says nothing about this server and is not read.
   */
  storeCpu(): Promise<number | null>;
  stop(): Promise<void>;
}

/** Null when PostgreSQL and Redis answer, else why the PostgreSQL + Redis column is left out. */
export async function pgUnavailable(): Promise<string | null> {
  const missing: string[] = [];
  for (const [name, raw, port] of [
    ['PostgreSQL (TEST_DATABASE_URL)', TEST_DATABASE_URL, 5432],
    ['Redis (TEST_REDIS_URL)', TEST_REDIS_URL, 6379],
  ] as const) {
    const url = new URL(raw);
    if (!(await reachable(url.hostname, Number(url.port || port)))) missing.push(`${name} at ${url.host}`);
  }
  return missing.length ? `${missing.join(' and ')} not reachable` : null;
}

export async function startBenchServer(
  store: StoreKind,
  opts: { profileDir?: string; logLevel: string; entry?: string },
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
  const run = newRunId();
  const appName = `gh-bench-${run}`;
  let storeEnv: Record<string, string> = {};
  if (store === 'pg') {
    const made = await createTestStore(run);
    const url = new URL(made.env.DATABASE_URL);
    // Names the server's connections, so the bench finds their backends in pg_stat_activity.
    url.searchParams.set('application_name', appName);
    const keys = await sharedKeysEnv();
    storeEnv = { ...made.env, DATABASE_URL: url.toString() };
    for (const [name, value] of Object.entries(keys)) if (value !== undefined) storeEnv[name] = value;
  }
  const cleanUp = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (store === 'pg') await dropRun(run);
  };

  let server: RunningServer;
  try {
    server = await startBuiltServer({
      env: {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        // Production's level: the log line a request writes is part of its cost (test's is silent).
        LOG_LEVEL: opts.logLevel,
        // The bench's few client addresses send thousands of cheap calls; the baseline per-address
        // limit would measure itself. The login's own limits stay as deployed.
        RATE_LIMIT_MAX: '100000000',
        // A captcha is solved once per human attempt; the bench measures the login behind it.
        CAPTCHA_ENABLED: 'false',
        ...storeEnv,
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      ...(opts.entry ? { entry: opts.entry } : {}),
      nodeArgs: [
        ...REPORT_CPU_ARGS,
        ...(opts.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.profileDir}`] : []),
      ],
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }

  const monitor = store === 'pg' ? new pg.Client({ connectionString: TEST_DATABASE_URL }) : null;
  await monitor?.connect();
  /** Backend pid → CPU µs when last read; a backend first seen counts from 0 (it started since). */
  const backends = new Map<number, number>();
  let backendTotal = 0;

  return {
    store,
    server,
    cpu: () => cpuOf(server.child),
    async storeCpu() {
      if (!monitor) return null;
      const { rows } = await monitor.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1',
        [appName],
      );
      for (const { pid } of rows) {
        const now = procCpuMicros(pid);
        if (now === null) return null;
        backendTotal += now - (backends.get(pid) ?? 0);
        backends.set(pid, now);
      }
      return backendTotal;
    },
    async stop() {
      await monitor?.end();
      await server.stop();
      await cleanUp();
    },
  };
}
