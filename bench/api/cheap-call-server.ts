// The server side of `bench/api/cheap-call.ts`: one process holding the built Gatehouse app and a
// bare Fastify hello-world, each on its own port, and answering the parent's "how much CPU so far"
// over IPC. Only one of the two is under load at a time, so the CPU this process spent during a
// round is that round's server's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import { repoRoot } from '../../e2e/support/server-process.js';
import type { buildApp as BuildApp } from '../../apps/server/src/app.js';
import type { loadConfig as LoadConfig } from '../../apps/server/src/config/index.js';

export interface ServerReady {
  kind: 'ready';
  appPort: number;
  helloPort: number;
}
export interface CpuReport {
  kind: 'cpu';
  /** process.cpuUsage() user + system, microseconds since start. */
  micros: number;
}
export type CpuRequest = { kind: 'cpu' } | { kind: 'stop' };

// The built server, as users run it (`npm run build -w apps/server`), not the sources through tsx;
// BENCH_SERVER_DIST names another build (an older commit's, to compare before and after).
const dist = resolve(repoRoot, process.env.BENCH_SERVER_DIST ?? 'apps/server/dist');
const { buildApp } = (await import(join(dist, 'app.js'))) as { buildApp: typeof BuildApp };
const { loadConfig } = (await import(join(dist, 'config/index.js'))) as { loadConfig: typeof LoadConfig };

const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-cheap-call-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  // Production's level: the log lines a request writes are part of its cost (test's default is silent).
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  // One client address sends every request; the per-address limiter would measure itself.
  RATE_LIMIT_MAX: '100000000',
};
delete env.DATABASE_URL;
delete env.REDIS_URL;

const app = buildApp(loadConfig(env, repoRoot));
await app.listen({ port: 0, host: '127.0.0.1' });

// Fastify's own hello-world, as its benchmarks run it: defaults, no logger, no plugins.
const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
await hello.listen({ port: 0, host: '127.0.0.1' });

const portOf = (address: ReturnType<typeof app.server.address>) =>
  typeof address === 'object' && address ? address.port : 0;

const send = (message: ServerReady | CpuReport) => process.send?.(message);
process.on('message', (message: CpuRequest) => {
  if (message.kind === 'cpu') {
    const { user, system } = process.cpuUsage();
    send({ kind: 'cpu', micros: user + system });
  } else {
    void Promise.all([app.close(), hello.close()]).finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
send({ kind: 'ready', appPort: portOf(app.server.address()), helloPort: portOf(hello.server.address()) });
