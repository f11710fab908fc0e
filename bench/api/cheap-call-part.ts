// The cheap-call part of bench:api (issue 12): a cheap public API call of the Gatehouse server next
// to a bare Fastify hello-world in a process of its own, both as targets of the same interleaved
// rounds as the logins. Separable: run.ts adds these two targets, or leaves them out (--cheap=0).
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuOf, REPORT_CPU_ARGS } from './cpu-time.js';
import { BenchClient } from './http-client.js';
import type { Target } from './targets.js';

/** The public call measured: small, uncached by the browser, answered from configuration. */
export const CHEAP_CALL_PATH = '/x-api/v3/public/user/captcha-info';

/** What a browser sends with it, minus cookies. */
const browserHeaders = {
  accept: 'application/json, text/plain, */*',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench:api',
  lang: 'en',
  platform: 'pc',
};

export interface CheapCallPart {
  hello: Target;
  cheap: Target;
  stop(): Promise<void>;
}

export async function startCheapCallPart(opts: {
  gatehouse: { port: number; cpu: () => Promise<number> };
  label: string;
  ops: number;
}): Promise<CheapCallPart> {
  const child = fork(join(dirname(fileURLToPath(import.meta.url)), 'hello-world-server.mjs'), {
    execArgv: REPORT_CPU_ARGS,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolvePort, reject) => {
    child.once('message', (m) => resolvePort(Number((m as { port?: number }).port)));
    child.once('exit', (code) => reject(new Error(`the hello-world server exited (${code})`)));
  });
  const helloClient = new BenchClient(port);
  const appClient = new BenchClient(opts.gatehouse.port);
  const ok = (status: number) => status === 200;
  return {
    hello: {
      name: 'GET hello-world (bare Fastify)',
      ops: opts.ops,
      meters: { cpu: () => cpuOf(child) },
      task: async () => ok((await helloClient.send({ method: 'GET', path: '/' })).status),
    },
    cheap: {
      name: `GET captcha-info  ${opts.label}`,
      ops: opts.ops,
      meters: { cpu: opts.gatehouse.cpu },
      task: async () =>
        ok((await appClient.send({ method: 'GET', path: CHEAP_CALL_PATH, headers: browserHeaders })).status),
    },
    async stop() {
      helloClient.close();
      appClient.close();
      await stopChild(child);
    },
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}
