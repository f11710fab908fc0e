// `npm run bench:api`: login throughput and latency under concurrency, next to what argon2id
// verification alone achieves on this machine in the same run. The login's cost beyond password
// hashing should be small: the ratio login / argon2-alone has a goal of ≥ 0.85.
//
// The server runs as users run it (the built dist, SQLite under a throw-away DATA_DIR). Requests are
// real: the password is encrypted by the web app's own function, each ciphertext used once (the
// server refuses replays), from a device the account already knows (no code step).
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
// The bench drives the browser's real encryption code, so what it measures is what users send.
import { encryptPassword } from '../../apps/web/src/lib/auth/encrypt-password.js';
import { startBuiltServer } from '../../e2e/support/server-process.js';

const goal = 0.85;

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k ?? '', v ?? 'true'];
  }),
);
const concurrency = Number(args.get('concurrency') ?? 8);
const requests = Number(args.get('requests') ?? 240);
const warmup = Number(args.get('warmup') ?? 24);
// OWASP minimum, the server's default (apps/server/src/config: ARGON2_*).
// Algorithm.Argon2id is an ambient const enum, which isolated modules cannot read: its value is 2.
const ARGON2ID: Algorithm.Argon2id = 2;
const argon2Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

// One keep-alive pool per source address, as each real client keeps its own connection.
const agents = new Map<string, Agent>();

interface RunStats {
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

console.log(
  `bench:api  cores=${availableParallelism()}  concurrency=${concurrency}  requests=${requests} (+${warmup} warm-up)`,
);

const password = `bench-${randomUUID()}`;
const argonAlone = await benchArgon2();
const login = await benchLogin();

const ratio = login.perSecond / argonAlone.perSecond;
console.log('');
console.log('                        req/s     p50 ms    p99 ms   failures');
console.log(row('argon2id verify alone', argonAlone));
console.log(row('POST /x-api/login', login));
console.log('');
console.log(`bench:api login ${ratio.toFixed(2)}x argon2id-alone throughput (goal ≥ ${goal})`);
process.exit(login.failures > 0 || ratio < goal ? 1 : 0);

function row(name: string, s: RunStats): string {
  return `${name.padEnd(22)} ${s.perSecond.toFixed(1).padStart(7)} ${s.p50.toFixed(1).padStart(10)} ${s.p99
    .toFixed(1)
    .padStart(9)} ${String(s.failures).padStart(10)}`;
}

/** Runs `total` tasks with at most `concurrency` in flight; returns throughput and latency figures. */
async function measure(total: number, task: (i: number) => Promise<boolean>): Promise<RunStats> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const t0 = performance.now();
      const ok = await task(i);
      latencies.push(performance.now() - t0);
      if (!ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { count: total, seconds, perSecond: total / seconds, p50: pick(0.5), p99: pick(0.99), failures };
}

async function benchArgon2(): Promise<RunStats> {
  const stored = await hash(password, argon2Options);
  await measure(warmup, async () => verify(stored, password));
  return measure(requests, async () => verify(stored, password));
}

async function benchLogin(): Promise<RunStats> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
  const server = await startBuiltServer({
    env: {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      // One client address sends every request here; the per-address limiter would measure itself.
      RATE_LIMIT_MAX: '1000000',
      // A captcha is solved once per human attempt; the bench measures the login behind it.
      CAPTCHA_ENABLED: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    // --profile=DIR writes a CPU profile of the server (open it in Chrome DevTools).
    ...(args.has('profile') ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${args.get('profile')}`] } : {}),
  });
  try {
    const base = server.baseUrl;
    const key = await passwordKey(base);
    const guid = randomUUID();
    const email = `bench-${Date.now()}@example.com`;
    await register(base, key, guid, email);

    // Encrypt ahead of time: the client's work is not the server's throughput.
    const bodies = await Promise.all(
      Array.from({ length: warmup + requests }, async () => ({
        email,
        ...(await encryptPassword(password, key)),
      })),
    );
    let firstFailure: Envelope | undefined;
    const loginOnce = async (i: number) => {
      const envelope = await postFrom(clientAddress(i), server.port, '/login', bodies[i], guid);
      const ok = envelope.ret_code === 0 && envelope.result?.need_verify == null;
      if (!ok) firstFailure ??= envelope;
      return ok;
    };
    const warm = await measure(warmup, loginOnce);
    if (warm.failures > 0) {
      throw new Error(`warm-up logins failed (${warm.failures}/${warmup}): ${JSON.stringify(firstFailure)}`);
    }
    const stats = await measure(requests, (i) => loginOnce(warmup + i));
    if (firstFailure) console.error(`first failed login: ${JSON.stringify(firstFailure)}`);
    return stats;
  } finally {
    for (const agent of agents.values()) agent.destroy();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Logins come from many users, and the server limits guesses per address (30 a minute). The bench
 * spreads its requests over loopback source addresses (127.0.1.1–127.0.1.250) as real traffic is
 * spread over clients, instead of loosening the limit it would then not measure.
 */
function clientAddress(i: number): string {
  return `127.0.1.${1 + (i % 250)}`;
}

function postFrom(
  localAddress: string,
  port: number,
  path: string,
  body: unknown,
  guid: string,
): Promise<Envelope> {
  let agent = agents.get(localAddress);
  if (!agent) agents.set(localAddress, (agent = new Agent({ keepAlive: true })));
  const payload = JSON.stringify(body);
  return new Promise((resolveEnvelope, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        agent,
        method: 'POST',
        path: `/x-api${path}`,
        headers: {
          host: `localhost:${port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          platform: 'pc',
          guid,
          'tx-id': guid,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolveEnvelope(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope);
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

interface Envelope {
  ret_code: number;
  ret_msg: string;
  result: Record<string, unknown> | null;
}

async function post(base: string, path: string, body: unknown, guid: string): Promise<Envelope> {
  const response = await fetch(`${base}/x-api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', platform: 'pc', guid, 'tx-id': guid },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope;
}

async function passwordKey(base: string): Promise<string> {
  const html = await (await fetch(`${base}/en/login`)).text();
  const json = /<script type="application\/json" id="gh-bootstrap">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const key = json ? (JSON.parse(json) as { passwordKey?: string }).passwordKey : undefined;
  if (!key) throw new Error('the login page carries no password key');
  return key;
}

/** Signs the bench account up through the real flow; the device that signs up is then known. */
async function register(base: string, key: string, guid: string, email: string): Promise<void> {
  const expectOk = (step: string, e: Envelope) => {
    if (e.ret_code !== 0) throw new Error(`sign-up ${step}: ${e.ret_code} ${e.ret_msg}`);
    return e.result ?? {};
  };
  const info = expectOk(
    'info',
    await post(base, '/user/public/register/info', { email, verify_type: 'code' }, guid),
  );
  const outbox = (await (await fetch(`${base}/dev/outbox.json?to=${encodeURIComponent(email)}`)).json()) as {
    messages: { code: string | null }[];
  };
  const code = outbox.messages[0]?.code;
  if (!code) throw new Error('no sign-up code in the outbox');
  expectOk('verify', await post(base, '/user/public/register/verify', { uuid: info.uuid, code }, guid));
  const encrypted = await encryptPassword(password, key);
  expectOk(
    'password',
    await post(base, '/user/public/register/password', { uuid: info.uuid, ...encrypted }, guid),
  );
}
