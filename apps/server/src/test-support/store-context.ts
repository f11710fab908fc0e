import type { Env } from '../config/index.js';

// What the store global setup hands to the test files and to the e2e servers (vitest provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    /** The run id every schema and key prefix of this run carries (test-stores.ts). */
    testStoreRun: string;
    /** The keys every instance of the run shares (sharedKeysEnv), generated once per run. */
    testStoreKeys: Env;
    /** e2e-pg: DATABASE_URL, REDIS_URL and the shared keys of the server under test. */
    testStoreEnv?: Record<string, string>;
  }
}
