import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, OAUTH_PATHS, RetCode } from '@gatehouse/contract';
import { buildApp, type App, type BuildAppOptions } from '../app.js';
import type { Env } from '../config/index.js';
import { connectDb } from '../db/connect.js';
import { createAccount } from '../modules/login/login.test-kit.js';
import { DEMO_CLIENT_ID } from '../dev/oauth-demo/oauth-demo-seed.js';
import { freshPgSchema, reachable, TEST_PG_URL } from '../test-support/postgres.js';
import { testConfig } from '../test-support/test-app.js';
import {
  casesFor,
  HIDDEN_TARGETS,
  targetsOf,
  type FuzzCase,
  type OpenApiDocument,
  type Target,
} from './fuzz-targets.js';
import {
  changedParts,
  describeChanges,
  scanKeys,
  storeSnapshot,
  type FingerprintOptions,
} from './store-fingerprint.js';

/**
 * Property-based attack on every operation of the OpenAPI document (plus the RFC endpoints it
 * hides): hostile bodies, headers, queries and path spellings. Whatever arrives, the answer is
 * never a 5xx, API answers are envelopes, and a request that carries a fault every route must
 * refuse (a control character, broken JSON, the wrong media type) changes nothing in the store.
 *
 * Runs on SQLite always, and on PostgreSQL + Redis when they answer (under CI=true they must).
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run --project server
 * apps/server/src/fuzz/api-fuzz.test.ts. FUZZ_RUNS scales the cases per operation.
 */

// CI replays one known seed, so a landing is decided by the change, not by the draw; every local run
// draws a new one and keeps exploring (a finding prints its seed: fix it, add a regression test).
const CI_SEED = 362096400;
const SEED = Number(
  process.env.FUZZ_SEED ?? (process.env.CI === 'true' ? CI_SEED : Math.floor(Math.random() * 2 ** 31)),
);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const inCi = process.env.CI === 'true';

/** Stands for the fuzz user's live session token in generated cases (and in printed counterexamples). */
const SESSION_PLACEHOLDER = 'FUZZ-SESSION';

/** Lifted so the baseline limit rarely answers first; route limits still apply (random addresses). */
const FUZZ_ENV = { RATE_LIMIT_MAX: '1000000' };

interface Store {
  name: string;
  open: () => Promise<{ app: App; fingerprint: FingerprintOptions; close: () => Promise<void> }>;
}

/** Every route the app registers, as `METHOD path` in OpenAPI spelling (`:id` → `{id}`, `*` → `{*}`). */
const registered = new WeakMap<App, Set<string>>();

async function readyApp(env: Env, opts: BuildAppOptions = {}): Promise<App> {
  const app = buildApp(testConfig({ ...FUZZ_ENV, ...env }), opts);
  const routes = new Set<string>();
  app.addHook('onRoute', (route) => {
    const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
    for (const method of ([] as string[]).concat(route.method))
      if (method !== 'HEAD') routes.add(`${method} ${path}`);
  });
  registered.set(app, routes);
  await app.ready();
  return app;
}

const stores: Store[] = [
  {
    name: 'SQLite',
    open: async () => {
      const app = await readyApp({});
      return { app, fingerprint: { db: app.db }, close: () => app.close() };
    },
  },
];

async function scaleStore(): Promise<Store | { skip: string }> {
  const redisUrl = new URL(TEST_REDIS_URL);
  if (!(await reachable(redisUrl.hostname, Number(redisUrl.port || 6379))))
    return { skip: `Redis not reachable at ${redisUrl.host}` };
  const pg = await freshPgSchema();
  if ('skip' in pg) return pg;
  return {
    name: 'PostgreSQL + Redis',
    open: async () => {
      // ioredis reads options from the URL's query: every key of this run lives under its own prefix.
      const prefix = `gh:fuzz:${randomBytes(4).toString('hex')}:`;
      const url = new URL(TEST_REDIS_URL);
      url.searchParams.set('keyPrefix', prefix);
      const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
      let app: App;
      try {
        await client.connect();
        // Behind one proxy, as in production: X-Forwarded-For and the country header are attacked too.
        app = await readyApp(
          { DATABASE_URL: TEST_PG_URL, REDIS_URL: url.toString(), TRUST_PROXY: '1' },
          { db: connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: pg.schema }) },
        );
      } catch (err) {
        client.disconnect();
        await pg.drop();
        throw err;
      }
      return {
        app,
        fingerprint: { db: app.db, redis: { client, prefix } },
        close: async () => {
          await app.close();
          const keys = await scanKeys(client, `${prefix}*`);
          if (keys.length > 0) await client.del(...keys);
          await client.quit();
          await pg.drop();
        },
      };
    },
  };
}

const scale = await scaleStore();
if ('skip' in scale) {
  if (inCi) {
    describe('API fuzz on PostgreSQL + Redis', () => {
      it('has its stores (CI=true: no skipping)', () => {
        throw new Error(`PostgreSQL + Redis fuzz cannot run: ${scale.skip}`);
      });
    });
  } else {
    console.warn(`[api-fuzz] skipping the PostgreSQL + Redis run: ${scale.skip}`);
  }
} else {
  stores.push(scale);
}

/** Development tools (outbox, Telegram simulator, demo client): never registered in production. */
const DEV_ONLY = /^\w+ \/dev\//;
/** Registered routes the fuzz leaves alone, each with its reason. */
const UNATTACKED = new Set([
  // The document itself: no input, and its answer is OpenAPI rather than an envelope.
  `GET ${API_BASE}/openapi.json`,
]);

function isApiUrl(url: string): boolean {
  return url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);
}

/** What every answer must satisfy, whatever was sent. */
function checkAnswer(
  target: Target,
  c: FuzzCase,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
) {
  const where = `${c.label}: ${c.method} ${c.url}`;
  expect(res.statusCode, `${where} answered ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (isApiUrl(c.url)) {
    const body = JSON.parse(res.body) as { ret_code?: unknown; ret_msg?: unknown };
    expect(typeof body.ret_code, `${where}: envelope ret_code`).toBe('number');
    expect(typeof body.ret_msg, `${where}: envelope ret_msg`).toBe('string');
  }
  if (target.kind === 'oauth-protocol' && c.url.split('?')[0] === target.path && res.statusCode >= 400) {
    const body = JSON.parse(res.body) as { error?: unknown };
    expect(typeof body.error, `${where}: RFC 6749 error`).toBe('string');
  }
  if (target.kind === 'provider-return' && res.statusCode === 303) {
    // Back to one of our pages, never elsewhere, whatever the provider (or an attacker) sent.
    expect(String(res.headers['location']), `${where}: location`).toMatch(/^\/(?![/\\])/);
  }
  if (!c.strict) return;
  // Sent as a real client would, with a refused character: the refusal itself must answer.
  if (target.kind === 'api') {
    const code = (JSON.parse(res.body) as { ret_code: number }).ret_code;
    expect([RetCode.ParamsInvalid, RetCode.TooFrequent], `${where}: ret_code ${code}`).toContain(code);
  } else if (target.kind === 'oauth-protocol') {
    expect([400, 429], where).toContain(res.statusCode);
    if (res.statusCode === 400) expect(JSON.parse(res.body)).toMatchObject({ error: 'invalid_request' });
  } else if (target.kind === 'oauth-entry') {
    expect(res.statusCode, `${where}: the error page, no redirect`).toBe(400);
  } else if (target.kind === 'provider-return') {
    expect([303, 400, 429], `${where}: a redirect home or a refusal`).toContain(res.statusCode);
  }
}

describe.each(stores)('API fuzz on $name', (store) => {
  let app: App;
  let fingerprint: FingerprintOptions;
  let close: () => Promise<void>;
  let targets: Target[];
  let ctx: Parameters<typeof casesFor>[1];
  let setupChanges: string[];
  let userId: string;
  let sessionToken: string;

  /**
   * Cases name the fuzz user's session by a placeholder; each gets a live session in its place,
   * made anew when a logout case has ended the last one, so private routes stay reachable.
   */
  async function withLiveSession(headers: Record<string, string>): Promise<Record<string, string>> {
    if (!Object.values(headers).some((v) => v.includes(SESSION_PLACEHOLDER))) return headers;
    if (!(await app.sessions.verify(sessionToken))) sessionToken = await app.sessions.create(userId);
    return Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, v.replaceAll(SESSION_PLACEHOLDER, sessionToken)]),
    );
  }

  beforeAll(async () => {
    ({ app, fingerprint, close } = await store.open());
    const doc = (
      await app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` })
    ).json<OpenApiDocument>();
    targets = [...targetsOf(doc), ...HIDDEN_TARGETS];
    // A real user and session, so private routes are attacked past requireSession too; made
    // between two snapshots, to show the snapshot sees a write.
    const at = Date.now();
    const before = await storeSnapshot(fingerprint, at);
    const account = await createAccount(app, { email: 'fuzz-user@example.com' });
    userId = account.id;
    sessionToken = await app.sessions.create(account.id);
    setupChanges = changedParts(before, await storeSnapshot(fingerprint, at));
    const demo = await app.oauth.stores.clients.find(DEMO_CLIENT_ID);
    ctx = {
      sessionToken: SESSION_PLACEHOLDER,
      hints: {
        client_id: [DEMO_CLIENT_ID],
        redirect_uri: demo?.redirectUris ?? [],
        response_type: ['code'],
        scope: ['profile', 'profile email'],
        code_challenge_method: ['S256'],
        code_challenge: ['E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'],
        grant_type: ['authorization_code', 'refresh_token'],
        email: ['fuzz-user@example.com'],
        login_name: ['fuzz-user@example.com'],
      },
    };
  }, 60_000);

  afterAll(async () => {
    await close?.();
  });

  it('sees a write in its store snapshot (so the no-change check can fail)', () => {
    // A session starts with its sign-in history row (modules/session).
    expect(setupChanges).toEqual(['users', 'sessions', 'sign_in_history']);
  });

  it('attacks every route outside the development tools', () => {
    const attacked = new Set(targets.map((t) => `${t.method} ${t.path}`));
    const missed = [...(registered.get(app) ?? [])].filter(
      (route) => !attacked.has(route) && !DEV_ONLY.test(route) && !UNATTACKED.has(route),
    );
    // A new route shows up here: document it (OpenAPI) or add it to HIDDEN_TARGETS.
    expect(missed).toEqual([]);
    expect(attacked).toContain(`POST ${OAUTH_PATHS.token}`);
  });

  it('never answers 5xx, always an envelope on the API, and refused input changes nothing', async () => {
    let cases = 0;
    let definite = 0;
    const failures: string[] = [];
    for (const [index, target] of targets.entries()) {
      const property = fc.asyncProperty(casesFor(target, ctx), async (c) => {
        cases++;
        const headers = await withLiveSession(c.headers);
        // Sends nobody waits for (a reset code answers before its message is written) belong to the
        // case that started them: let them land before either snapshot.
        await app.delivery.settled();
        const at = Date.now();
        const before = c.definite ? await storeSnapshot(fingerprint, at) : null;
        const res = await app.inject({
          method: c.method,
          url: c.url,
          headers,
          remoteAddress: c.remoteAddress,
          ...(c.payload !== undefined ? { payload: c.payload } : {}),
        });
        checkAnswer(target, c, res);
        if (before) {
          definite++;
          await app.delivery.settled();
          const after = await storeSnapshot(fingerprint, at);
          const changed = describeChanges(before, after);
          expect(changed, `${c.label}: ${c.method} ${c.url} changed the store`).toBe('');
        }
      });
      const seed = SEED + index;
      try {
        await fc.assert(property, { numRuns: RUNS, seed });
      } catch (err) {
        // Go on with the other operations: one run reports every broken one.
        // fast-check keeps the property's own error as the cause: print it, it says what broke.
        const cause = (err as Error & { cause?: unknown }).cause;
        failures.push(
          `${target.method} ${target.path} (seed ${seed}): ${(err as Error).message}` +
            (cause instanceof Error ? `\nCause: ${cause.message}` : ''),
        );
      }
    }
    if (failures.length > 0)
      throw new Error(
        `[api-fuzz] ${store.name}: ${failures.length} operation(s) failed; reproduce with FUZZ_SEED=${SEED}\n\n` +
          failures.join('\n\n'),
      );
    // The figures show the run was real; the seed lets anyone replay it.
    console.warn(
      `[api-fuzz] ${store.name}: seed ${SEED}, ${cases} requests over ${targets.length} operations, ` +
        `${definite} store-checked`,
    );
    expect(definite).toBeGreaterThan(targets.length * RUNS * 0.3);
  }, 600_000);
});
