// `npm run bench:api` (docs/development.md, "Benchmarks"): what the API costs beyond the work it
// cannot avoid, measured so the ratios hold on a shared machine (issue 12).
//
// - POST /x-api/login against argon2id verification alone (goal ≥ 0.85×), on the embedded store
//   (SQLite) and on PostgreSQL + Redis side by side (goal: PostgreSQL + Redis ≥ 0.9× SQLite);
// - a cheap public call against a bare Fastify hello-world (goal ≥ 0.35×; cheap-call-part.ts).
//
// Every target runs in the same rounds, interleaved (A B C D, then B C D A, …), after a warm-up
// round: a neighbour's load lands on every target alike. Each round reads the CPU time of the
// process it loads (the server reports its own process.cpuUsage(); argon2id alone runs here) before
// and after, and nothing else is under load meanwhile, so CPU per operation does not depend on
// what else the machine runs. Figures are medians over rounds; ratios are medians of the per-round
// ratios. The bench prints figures and goals and exits non-zero only when requests failed (the
// figures would then be wrong), never for a goal: it is no test.
//
//   --rounds=9 --logins=48 --requests=3000 --concurrency=8 --stores=sqlite,pg --cheap=1
//   --log-level=info   the servers' LOG_LEVEL (production's by default)
//   --profile=DIR      write CPU profiles of the servers (open them in Chrome DevTools)
//   --baseline=DIR     also log in on another build of the server, in the same rounds: a before and
//                      after that holds on a shared machine. DIR is a copy of that build's
//                      apps/server/dist placed beside it (apps/server-baseline/dist, git-ignored), where
//                      it finds the web build and the locales (docs/development.md, "Benchmarks")
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { startCheapCallPart, type CheapCallPart } from './cheap-call-part.js';
import { ownCpuMicros } from './cpu-time.js';
import {
  pgUnavailable,
  startBenchServer,
  STORE_LABEL,
  type BenchServer,
  type StoreKind,
} from './gatehouse-server.js';
import { BenchClient } from './http-client.js';
import { createLoginWorkload, type LoginWorkload } from './login-workload.js';
import { median, pairedRatio, runRound, summarise, type Round } from './rounds.js';
import type { Target } from './targets.js';

const GOALS = { login: 0.85, pgVsSqlite: 0.9, cheap: 0.35 };

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k ?? '', v ?? 'true'];
  }),
);
const flag = (name: string) => !['0', 'false', 'no'].includes(args.get(name) ?? 'true');
const rounds = Number(args.get('rounds') ?? 9);
const logins = Number(args.get('logins') ?? 48);
const requests = Number(args.get('requests') ?? 3000);
const concurrency = Number(args.get('concurrency') ?? 8);
const logLevel = args.get('log-level') ?? 'info';
const profileDir = args.get('profile');
const baseline = args.get('baseline');
const wanted = (args.get('stores') ?? 'sqlite,pg').split(',') as StoreKind[];
// OWASP minimum, the server's default (apps/server/src/config: ARGON2_*).
// Algorithm.Argon2id is an ambient const enum, which isolated modules cannot read: its value is 2.
const ARGON2ID: Algorithm.Argon2id = 2;
const argon2Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

const password = `bench-${randomUUID()}`;
const stores: StoreKind[] = [];
for (const store of wanted) {
  if (store !== 'sqlite' && store !== 'pg') throw new Error(`--stores: sqlite or pg, not ${store}`);
  const missing = store === 'pg' ? await pgUnavailable() : null;
  if (missing) console.log(`PostgreSQL + Redis left out: ${missing}`);
  else stores.push(store);
}

console.log(
  `bench:api  cores=${availableParallelism()}  rounds=${rounds} (+1 warm-up, interleaved)  ` +
    `concurrency=${concurrency}  logins=${logins}/round  cheap calls=${requests}/round  LOG_LEVEL=${logLevel}`,
);

const servers: BenchServer[] = [];
const clients: BenchClient[] = [];
let cheapPart: CheapCallPart | undefined;
let failed = false;
try {
  const stored = await hash(password, argon2Options);
  const argon: Target = {
    name: 'argon2id verify alone',
    ops: logins,
    meters: { cpu: async () => ownCpuMicros() },
    task: (_i) => verify(stored, password),
  };
  type LoginTarget = Target & { workload: LoginWorkload; store: StoreKind };
  const loginTarget = async (store: StoreKind, entry?: string): Promise<LoginTarget> => {
    const server = await startBenchServer(store, {
      logLevel,
      ...(profileDir ? { profileDir } : {}),
      ...(entry ? { entry } : {}),
    });
    servers.push(server);
    const client = new BenchClient(server.server.port);
    clients.push(client);
    const workload = await createLoginWorkload(client, { devices: concurrency, password });
    return {
      name: `POST /x-api/login  ${STORE_LABEL[store]}${entry ? ' (baseline)' : ''}`,
      store,
      ops: logins,
      meters: { cpu: () => server.cpu(), storeCpu: () => server.storeCpu() },
      prepare: (n) => workload.prepare(n),
      task: (i, w) => workload.login(i, w),
      workload,
    };
  };
  const loginTargets = new Map<StoreKind, LoginTarget>();
  const baselineTargets = new Map<StoreKind, LoginTarget>();
  for (const store of stores) {
    loginTargets.set(store, await loginTarget(store));
    if (baseline) baselineTargets.set(store, await loginTarget(store, resolve(baseline, 'server.js')));
  }
  const embedded = servers.find((s) => s.store === 'sqlite') ?? servers[0];
  if (flag('cheap') && embedded) {
    cheapPart = await startCheapCallPart({
      gatehouse: { port: embedded.server.port, cpu: () => embedded.cpu() },
      label: STORE_LABEL[embedded.store],
      ops: requests,
    });
  }
  const targets = [
    argon,
    ...loginTargets.values(),
    ...baselineTargets.values(),
    ...(cheapPart ? [cheapPart.hello, cheapPart.cheap] : []),
  ];

  const results = new Map<Target, Round[]>(targets.map((t) => [t, []]));
  for (let r = 0; r <= rounds; r++) {
    // Round 0 warms every target up (JIT, connections, statement caches) and is not counted.
    for (let k = 0; k < targets.length; k++) {
      const target = targets[(r + k) % targets.length];
      if (!target) continue;
      await target.prepare?.(target.ops);
      const round = await runRound(target.ops, concurrency, target.meters, target.task);
      if (r > 0) results.get(target)?.push(round);
    }
  }

  console.log('');
  console.log(`${''.padEnd(48)} CPU ms/op  +store ms/op     ops/s    p50 ms    p99 ms  failures`);
  for (const target of targets) {
    const s = summarise(results.get(target) ?? []);
    failed ||= s.failures > 0;
    const ms = (v: number) => (v < 1 ? v.toFixed(3) : v.toFixed(2));
    console.log(
      `${target.name.padEnd(48)} ${ms(s.cpuMsPerOp).padStart(9)} ${(s.storeCpuMsPerOp === null ? '' : ms(s.storeCpuMsPerOp)).padStart(12)} ${s.perSecond
        .toFixed(1)
        .padStart(
          9,
        )} ${s.p50.toFixed(2).padStart(9)} ${s.p99.toFixed(2).padStart(9)} ${String(s.failures).padStart(9)}`,
    );
  }
  for (const target of [...loginTargets.values(), ...baselineTargets.values()]) {
    const failure = target.workload.firstFailure();
    if (failure) console.log(`first failed login (${target.name}): ${JSON.stringify(failure)}`);
  }

  const rounds_ = (t: Target | undefined) => (t ? (results.get(t) ?? []) : []);
  const cpuPerOp = (r: Round) => r.cpuMicros / r.ops;
  const withStore = (r: Round) => (r.cpuMicros + (r.storeCpuMicros ?? 0)) / r.ops;
  const rate = (r: Round) => r.ops / r.seconds;
  const line = (what: string, byCpu: number, byRate: number, goal: number, note = '') =>
    console.log(
      `bench:api ${what} ${byCpu.toFixed(2)}x by CPU, ${byRate.toFixed(2)}x by throughput${note} ` +
        `(goal ≥ ${goal}: ${byCpu >= goal ? 'met' : 'not met'} by CPU)`,
    );
  console.log('');
  // "x of y": y's cost over x's (CPU per operation), x's throughput over y's; 1 would be free.
  for (const target of [...loginTargets.values(), ...baselineTargets.values()]) {
    const l = rounds_(target);
    const a = rounds_(argon);
    const what = `${STORE_LABEL[target.store]}${baselineTargets.get(target.store) === target ? ' (baseline)' : ''}`;
    line(
      `login ${what} of argon2id alone:`,
      pairedRatio(a, l, cpuPerOp),
      pairedRatio(l, a, rate),
      GOALS.login,
    );
  }
  for (const [store, before] of baselineTargets) {
    const b = rounds_(before);
    const l = rounds_(loginTargets.get(store));
    // Paired like the ratios: per round, what the baseline's login cost more than this build's.
    const saved = median(b.flatMap((rb, i) => (l[i] ? [cpuPerOp(rb) - cpuPerOp(l[i])] : [])));
    console.log(
      `bench:api login ${STORE_LABEL[store]} this build of baseline: ${pairedRatio(b, l, cpuPerOp).toFixed(2)}x ` +
        `by CPU (${saved >= 0 ? 'saves' : 'adds'} ${Math.abs(saved).toFixed(0)} µs a login), ` +
        `${pairedRatio(l, b, rate).toFixed(2)}x by throughput`,
    );
  }
  const sqlite = rounds_(loginTargets.get('sqlite'));
  const pgRounds = rounds_(loginTargets.get('pg'));
  if (sqlite.length && pgRounds.length) {
    line(
      'login PostgreSQL+Redis of SQLite:',
      pairedRatio(sqlite, pgRounds, cpuPerOp),
      pairedRatio(pgRounds, sqlite, rate),
      GOALS.pgVsSqlite,
      `; ${pairedRatio(sqlite, pgRounds, cpuPerOp, withStore).toFixed(2)}x by CPU with the PostgreSQL backends'`,
    );
  }
  if (cheapPart) {
    const h = rounds_(cheapPart.hello);
    const c = rounds_(cheapPart.cheap);
    line('cheap call of hello-world:', pairedRatio(h, c, cpuPerOp), pairedRatio(c, h, rate), GOALS.cheap);
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  for (const client of clients) client.close();
  await cheapPart?.stop();
  for (const server of servers) await server.stop();
}
process.exit(failed ? 1 : 0);
