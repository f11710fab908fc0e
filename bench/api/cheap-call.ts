// `npx tsx bench/api/cheap-call.ts`: the fixed cost of an API call (issue 12, ADR 0019), as server CPU
// time per request and as throughput, next to a bare Fastify hello-world in the same process and run.
//
// One child process (cheap-call-server.ts) holds the built app and the hello-world on two ports. The
// rounds interleave (hello, call 1, call 2, …, hello, call 1, …) so that a neighbour's load on this
// shared machine lands on every target alike, and each round reads the child's process.cpuUsage()
// before and after: only one target is under load at a time, so that CPU is the round's. Each call is
// compared with the hello-world round just before it, and the ratios' median is reported (a ratio of
// medians would pair rounds run under different loads). CPU µs per request is the stable figure;
// throughput also counts the load generator, which shares the cores. Goal (issue 12): the cheap call
// (captcha-info, the first) ≥ 0.35× the hello-world.
//
//   --rounds=5 --requests=3000 --warmup=1000 --concurrency=8 --calls=captcha-info,country-list,web-config
//   --logs        show the server's log lines (they go to /dev/null otherwise, still written)
//   --profile=DIR a CPU profile of the server process (open it in Chrome DevTools)
//   --dist=DIR    another build of apps/server (default apps/server/dist), e.g. an older commit's
//
// Other benches import cheapCallBench() and printCheapCall() (bench/api/run.ts can fold this in).
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { CpuReport, CpuRequest, ServerReady } from './cheap-call-server.js';

export const CHEAP_CALL_GOAL = 0.35;

/** A request the load generator repeats: what a browser sends for it, minus cookies. */
interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Where it goes: the Gatehouse app or the hello-world. */
  server: 'app' | 'hello';
}

const browserHeaders = {
  accept: 'application/json, text/plain, */*',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench/api cheap-call',
  lang: 'en',
  platform: 'pc',
};

export const CHEAP_CALLS = {
  'captcha-info': {
    name: 'GET captcha-info',
    method: 'GET',
    path: '/x-api/v3/public/user/captcha-info',
    server: 'app',
  },
  'country-list': {
    name: 'GET country-list',
    method: 'GET',
    path: '/x-api/v2/public/country-list',
    server: 'app',
  },
  'web-config': {
    name: 'POST config/web',
    method: 'POST',
    path: '/x-api/v3/config/web',
    // The body the web app sends (apps/web/src/lib/web-config/fetch-web-config.ts).
    body: JSON.stringify({
      project_name: 'gatehouse',
      keys: [
        'captcha_scene_config',
        'captcha_vendor_scripts',
        'captcha_required',
        'feature_flags',
        'register_ui',
      ],
    }),
    server: 'app',
  },
} as const satisfies Record<string, Target>;
export type CheapCallName = keyof typeof CHEAP_CALLS;

const hello: Target = { name: 'hello-world', method: 'GET', path: '/', server: 'hello' };

export interface CheapCallOptions {
  rounds: number;
  requests: number;
  warmup: number;
  concurrency: number;
  calls: readonly CheapCallName[];
  /** Another build of apps/server (relative to the repository or absolute). */
  dist?: string;
  /** A directory for a CPU profile of the server process. */
  profile?: string;
  /** Show the server's log lines. */
  logs?: boolean;
}

interface Round {
  cpuMicrosPerRequest: number;
  perSecond: number;
  p50: number;
  failures: number;
}

/** One row of the result: medians over the rounds, ratios against the hello-world round before. */
export interface CheapCallRow {
  name: string;
  cpuMicrosPerRequest: number;
  perSecond: number;
  p50Ms: number;
  /** hello CPU per request / this CPU per request (1 for the hello-world row). */
  cpuRatio: number;
  /** this req/s / hello req/s. */
  throughputRatio: number;
  failures: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** Runs the bench; the hello-world is the first row. */
export async function cheapCallBench(opts: CheapCallOptions): Promise<CheapCallRow[]> {
  const targets: Target[] = [hello, ...opts.calls.map((name) => CHEAP_CALLS[name])];
  const child = fork(join(dirname(fileURLToPath(import.meta.url)), 'cheap-call-server.ts'), {
    // Under tsx the loader is in execArgv: the child runs TypeScript as this process does.
    execArgv: [
      ...process.execArgv,
      ...(opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${opts.profile}`] : []),
    ],
    stdio: ['ignore', opts.logs ? 'inherit' : 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, ...(opts.dist ? { BENCH_SERVER_DIST: opts.dist } : {}) },
  });
  const agent = new Agent({ keepAlive: true, maxSockets: opts.concurrency });
  try {
    const ready = await nextMessage<ServerReady>(child, 'ready');
    const ports = { app: ready.appPort, hello: ready.helloPort };
    const measure = (target: Target, total: number) =>
      measureRound(
        target,
        total,
        opts.concurrency,
        () => serverCpu(child),
        (t) => send(t, ports, agent),
      );

    for (const target of targets) await measure(target, opts.warmup);
    const rounds = targets.map((): Round[] => []);
    for (let r = 0; r < opts.rounds; r++) {
      for (const [i, target] of targets.entries()) rounds[i]?.push(await measure(target, opts.requests));
    }
    const helloRounds = rounds[0] ?? [];
    return targets.map((target, i) => {
      const rs = rounds[i] ?? [];
      return {
        name: target.name,
        cpuMicrosPerRequest: median(rs.map((x) => x.cpuMicrosPerRequest)),
        perSecond: median(rs.map((x) => x.perSecond)),
        p50Ms: median(rs.map((x) => x.p50)),
        cpuRatio: median(
          rs.map((x, r) => (helloRounds[r]?.cpuMicrosPerRequest ?? 0) / x.cpuMicrosPerRequest),
        ),
        throughputRatio: median(rs.map((x, r) => x.perSecond / (helloRounds[r]?.perSecond ?? Infinity))),
        failures: rs.reduce((n, x) => n + x.failures, 0),
      };
    });
  } finally {
    agent.destroy();
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.send({ kind: 'stop' } satisfies CpuRequest);
      await exited;
    }
  }
}

/** The table and the verdict line (the first call against the goal). */
export function printCheapCall(rows: readonly CheapCallRow[]): void {
  console.log('                     CPU µs/req   req/s   p50 ms   ×hello CPU   ×hello req/s   failures');
  for (const s of rows) {
    console.log(
      `${s.name.padEnd(20)} ${s.cpuMicrosPerRequest.toFixed(1).padStart(10)} ${s.perSecond
        .toFixed(0)
        .padStart(
          7,
        )} ${s.p50Ms.toFixed(2).padStart(8)} ${s.cpuRatio.toFixed(2).padStart(12)} ${s.throughputRatio
        .toFixed(2)
        .padStart(14)} ${String(s.failures).padStart(10)}`,
    );
  }
  const first = rows[1];
  if (first) {
    console.log('');
    console.log(
      `bench:api cheap-call ${first.name}: ${first.cpuRatio.toFixed(2)}x hello-world by CPU, ` +
        `${first.throughputRatio.toFixed(2)}x by throughput (goal ≥ ${CHEAP_CALL_GOAL})`,
    );
  }
}

/** `total` requests to `target`, `concurrency` in flight, with the server's CPU time around them. */
async function measureRound(
  target: Target,
  total: number,
  concurrency: number,
  cpu: () => Promise<number>,
  sendOne: (target: Target) => Promise<number>,
): Promise<Round> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const cpuBefore = await cpu();
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next++;
      const t0 = performance.now();
      const status = await sendOne(target);
      latencies.push(performance.now() - t0);
      if (status !== 200) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = await cpu();
  latencies.sort((a, b) => a - b);
  return {
    cpuMicrosPerRequest: (cpuAfter - cpuBefore) / total,
    perSecond: total / seconds,
    p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
    failures,
  };
}

/** One request; resolves to the status once the whole body is in. */
function send(target: Target, ports: Record<Target['server'], number>, agent: Agent): Promise<number> {
  return new Promise((resolveStatus, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: ports[target.server],
        agent,
        method: target.method,
        path: target.path,
        headers: {
          ...browserHeaders,
          ...(target.body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(target.body) }
            : {}),
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolveStatus(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(target.body);
  });
}

async function serverCpu(child: ChildProcess): Promise<number> {
  const reply = nextMessage<CpuReport>(child, 'cpu');
  child.send({ kind: 'cpu' } satisfies CpuRequest);
  return (await reply).micros;
}

function nextMessage<T extends { kind: string }>(from: ChildProcess, kind: T['kind']): Promise<T> {
  return new Promise((resolveMessage, reject) => {
    const onMessage = (message: T) => {
      if (message.kind !== kind) return;
      from.off('message', onMessage);
      from.off('exit', onExit);
      resolveMessage(message);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`the bench server exited (${code}) before ${kind}`));
    from.on('message', onMessage);
    from.once('exit', onExit);
  });
}

// Run from the command line (not when imported by another bench).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = new Map(
    process.argv.slice(2).map((a) => {
      const [k, v] = a.replace(/^--/, '').split('=');
      return [k ?? '', v ?? 'true'];
    }),
  );
  const calls = (args.get('calls') ?? 'captcha-info,country-list,web-config').split(',').map((name) => {
    if (!(name in CHEAP_CALLS))
      throw new Error(`unknown call ${name}; one of ${Object.keys(CHEAP_CALLS).join(', ')}`);
    return name as CheapCallName;
  });
  const opts: CheapCallOptions = {
    rounds: Number(args.get('rounds') ?? 5),
    requests: Number(args.get('requests') ?? 3000),
    warmup: Number(args.get('warmup') ?? 1000),
    concurrency: Number(args.get('concurrency') ?? 8),
    calls,
    logs: args.has('logs'),
    ...(args.has('dist') ? { dist: args.get('dist') } : {}),
    ...(args.has('profile') ? { profile: args.get('profile') } : {}),
  };
  console.log(
    `bench:api cheap-call  cores=${availableParallelism()}  rounds=${opts.rounds}  ` +
      `requests=${opts.requests}/round  concurrency=${opts.concurrency}`,
  );
  const rows = await cheapCallBench(opts);
  console.log('');
  printCheapCall(rows);
  const first = rows[1];
  process.exitCode = rows.some((r) => r.failures > 0) || (first && first.cpuRatio < CHEAP_CALL_GOAL) ? 1 : 0;
}
