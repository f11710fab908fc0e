// `npx tsx bench/api/cheap-call.ts`: the fixed cost of an API call (issue 12), as server CPU time per
// request and as throughput, next to a bare Fastify hello-world in the same process and the same run.
//
// One child process (cheap-call-server.ts) holds the built app and the hello-world on two ports. The
// rounds interleave (hello, call 1, call 2, …, hello, call 1, …) so that a neighbour's load on this
// shared machine lands on every target alike, and each round reads the child's process.cpuUsage()
// before and after: only one target is under load at a time, so that CPU is the round's. The figures
// are medians over the rounds. CPU µs per request is the stable one; throughput also counts the load
// generator, which shares the cores. Goal (issue 12): the cheap call ≥ 0.35× the hello-world.
//
//   --rounds=5 --requests=3000 --concurrency=8 --calls=captcha-info,country-list,web-config
//   --logs        show the server's log lines (they go to /dev/null otherwise, still written)
//   --profile=DIR a CPU profile of the server process (open it in Chrome DevTools)
//   --dist=DIR    another build of apps/server (default apps/server/dist), e.g. an older commit's
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { CpuReport, CpuRequest, ServerReady } from './cheap-call-server.js';

const goal = 0.35;

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k ?? '', v ?? 'true'];
  }),
);
const rounds = Number(args.get('rounds') ?? 5);
const requests = Number(args.get('requests') ?? 3000);
const concurrency = Number(args.get('concurrency') ?? 8);
const warmup = Number(args.get('warmup') ?? 1000);

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

const CALLS: Record<string, Target> = {
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
};
const hello: Target = { name: 'hello-world', method: 'GET', path: '/', server: 'hello' };
const calls = (args.get('calls') ?? 'captcha-info,country-list,web-config').split(',').map((name) => {
  const call = CALLS[name];
  if (!call) throw new Error(`unknown call ${name}; one of ${Object.keys(CALLS).join(', ')}`);
  return call;
});
const targets = [hello, ...calls];

interface Round {
  cpuMicrosPerRequest: number;
  perSecond: number;
  p50: number;
  failures: number;
}

const child = fork(join(dirname(fileURLToPath(import.meta.url)), 'cheap-call-server.ts'), {
  // Under tsx the loader is in execArgv: the child runs TypeScript as this process does.
  execArgv: [
    ...process.execArgv,
    ...(args.has('profile') ? ['--cpu-prof', `--cpu-prof-dir=${args.get('profile')}`] : []),
  ],
  stdio: ['ignore', args.has('logs') ? 'inherit' : 'ignore', 'inherit', 'ipc'],
  env: { ...process.env, ...(args.has('dist') ? { BENCH_SERVER_DIST: args.get('dist') } : {}) },
});
const ready = await nextMessage<ServerReady>(child, 'ready');
const ports = { app: ready.appPort, hello: ready.helloPort };
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

console.log(
  `bench:api cheap-call  cores=${availableParallelism()}  rounds=${rounds}  requests=${requests}/round  concurrency=${concurrency}`,
);
try {
  for (const target of targets) await measure(target, warmup);
  const results = new Map<Target, Round[]>(targets.map((t) => [t, []]));
  for (let r = 0; r < rounds; r++) {
    for (const target of targets) results.get(target)?.push(await measure(target, requests));
  }

  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
  };
  const summary = targets.map((t) => {
    const rs = results.get(t) ?? [];
    return {
      target: t,
      cpu: median(rs.map((x) => x.cpuMicrosPerRequest)),
      perSecond: median(rs.map((x) => x.perSecond)),
      p50: median(rs.map((x) => x.p50)),
      failures: rs.reduce((n, x) => n + x.failures, 0),
    };
  });
  const base = summary[0];
  console.log('');
  console.log('                     CPU µs/req   req/s   p50 ms   ×hello CPU   ×hello req/s   failures');
  for (const s of summary) {
    const cpuRatio = base ? base.cpu / s.cpu : 0;
    const rateRatio = base ? s.perSecond / base.perSecond : 0;
    console.log(
      `${s.target.name.padEnd(20)} ${s.cpu.toFixed(1).padStart(10)} ${s.perSecond.toFixed(0).padStart(7)} ${s.p50
        .toFixed(2)
        .padStart(8)} ${cpuRatio.toFixed(2).padStart(12)} ${rateRatio.toFixed(2).padStart(14)} ${String(
        s.failures,
      ).padStart(10)}`,
    );
  }
  console.log('');
  const first = summary[1];
  if (base && first) {
    console.log(
      `bench:api cheap-call ${first.target.name}: ${(base.cpu / first.cpu).toFixed(2)}x hello-world by CPU, ` +
        `${(first.perSecond / base.perSecond).toFixed(2)}x by throughput (goal ≥ ${goal})`,
    );
  }
  process.exitCode = summary.some((s) => s.failures > 0) ? 1 : 0;
} finally {
  agent.destroy();
  child.send({ kind: 'stop' } satisfies CpuRequest);
  await new Promise((done) => child.once('exit', done));
}

/** `total` requests to `target`, `concurrency` in flight, with the server's CPU time around them. */
async function measure(target: Target, total: number): Promise<Round> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const cpuBefore = await serverCpu();
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next++;
      const t0 = performance.now();
      const status = await send(target);
      latencies.push(performance.now() - t0);
      if (status !== 200) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = await serverCpu();
  latencies.sort((a, b) => a - b);
  return {
    cpuMicrosPerRequest: (cpuAfter - cpuBefore) / total,
    perSecond: total / seconds,
    p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
    failures,
  };
}

/** One request; resolves to the status once the whole body is in. */
function send(target: Target): Promise<number> {
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

async function serverCpu(): Promise<number> {
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
