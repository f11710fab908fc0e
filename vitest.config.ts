import { configDefaults, defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { onCi, storesUnavailable } from './scripts/lib/test-stores.mjs';

// One runner for every kind of test; projects keep their environments apart.
const source = { conditions: ['source', 'module', 'browser', 'development|production'] };

/**
 * Server tests that do not run a second time on PostgreSQL + Redis, each for a reason: they test
 * SQLite itself, or already open PostgreSQL and Redis themselves next to SQLite. Keep it short.
 */
const SQLITE_ONLY_OR_ALREADY_BOTH = [
  'apps/server/src/db/migrate.test.ts', // the SQLite file: nested folders, WAL, reopening
  'apps/server/src/db/statement-cache.test.ts', // better-sqlite3's prepared statements
  'apps/server/src/db/dialect.test.ts', // already PostgreSQL: every migration down and up
  'apps/server/src/plugins/kv/kv-contract.test.ts', // already memory, SQLite and Redis side by side
  'apps/server/src/modules/oauth/oauth-repositories.test.ts', // already SQLite and PostgreSQL
  'apps/server/src/plugins/rate-limit.test.ts', // already without Redis and with it, each chosen in the file
  'apps/server/src/lib/one-time-codes.test.ts', // already memory, SQLite, PostgreSQL and Redis, two handles each
  'apps/server/src/lib/attempt-limiter.test.ts', // likewise
  'apps/server/src/fuzz/api-fuzz.test.ts', // already SQLite and PostgreSQL + Redis (the slowest file: not twice)
  'apps/server/src/fuzz/fuzz-findings.test.ts', // already SQLite and PostgreSQL
  'apps/server/src/fuzz/store-fingerprint.test.ts', // already SQLite and Redis, side by side
  'apps/server/src/modules/oauth/oauth-code-race.test.ts', // already SQLite and two instances on PostgreSQL
  // Request-target spellings and start-up checks: routing and configuration, not the store (the shared
  // route limits they touch are proven on PostgreSQL and Redis in rate-limit.test.ts).
  'apps/server/src/guards-attack.test.ts',
  'apps/server/src/start-server.test.ts',
  'apps/server/src/dev/dev-only-guard.test.ts',
];

/** Fails a server test file whose requests got a ret_code the endpoint table does not declare. */
const DECLARED_CODES_SETUP = 'apps/server/src/test-support/declared-codes.setup.ts';
/** Checks every answer against its zod schema as well as serialising it (ADR 0019). */
const ANSWER_CHECK_SETUP = 'apps/server/src/test-support/answer-check.setup.ts';

const server = {
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    include: ['apps/server/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    setupFiles: [DECLARED_CODES_SETUP, ANSWER_CHECK_SETUP],
  },
} satisfies TestProjectConfiguration;

const e2e = {
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'e2e',
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
} satisfies TestProjectConfiguration;

const STORE_GLOBAL_SETUP = 'apps/server/src/test-support/store-global-setup.ts';

// The same server tests and browser specs on PostgreSQL + Redis (docs/development.md). When either
// is not reachable, each project is one notice instead: skipped with the reason, or failed on CI.
const unavailable = await storesUnavailable();
const storeProjects: TestProjectConfiguration[] = unavailable
  ? ['server-pg', 'e2e-pg'].map((name) => ({
      test: {
        name,
        include: ['apps/server/src/test-support/stores-unavailable.notice.ts'],
        environment: 'node',
        env: {
          GATEHOUSE_STORES_PROJECT: name,
          GATEHOUSE_STORES_UNAVAILABLE: unavailable,
          GATEHOUSE_STORES_REQUIRED: onCi() ? '1' : '0',
        },
      },
    }))
  : [
      {
        ...server,
        test: {
          ...server.test,
          name: 'server-pg',
          exclude: [...configDefaults.exclude, ...SQLITE_ONLY_OR_ALREADY_BOTH],
          env: { GATEHOUSE_TEST_STORE: 'pg' },
          globalSetup: [STORE_GLOBAL_SETUP],
          setupFiles: [
            DECLARED_CODES_SETUP,
            ANSWER_CHECK_SETUP,
            'apps/server/src/test-support/store-setup.ts',
          ],
        },
      },
      {
        ...e2e,
        test: {
          ...e2e.test,
          // Every spec: the whole set adds about two minutes, the four flow specs alone (sign-up,
          // login, OAuth, Telegram) saved only twenty seconds of it (measured on two shared cores).
          name: 'e2e-pg',
          // The store first: the e2e set-up starts the server on the schema and prefix it provides.
          globalSetup: [STORE_GLOBAL_SETUP, ...e2e.test.globalSetup],
        },
      },
    ];
if (unavailable) {
  console.warn(`server-pg, e2e-pg ${onCi() ? 'FAIL (CI=true)' : 'skipped'}: ${unavailable}`);
}

export default defineConfig({
  test: {
    projects: [
      {
        resolve: source,
        ssr: { resolve: { conditions: ['source'] } },
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      server,
      {
        resolve: source,
        ssr: { resolve: { conditions: ['source'] } },
        test: {
          name: 'web',
          // The build's own plugins (apps/web/vite) are tested here too.
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/vite/**/*.test.ts'],
          environment: 'jsdom',
          testTimeout: 20_000,
          setupFiles: ['apps/web/src/test/testing-library.setup.ts'],
        },
      },
      e2e,
      ...storeProjects,
    ],
  },
});
