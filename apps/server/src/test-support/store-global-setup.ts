// Vitest globalSetup of the PostgreSQL + Redis projects (server-pg, e2e-pg; vitest.config.ts): one
// run id for every schema and key prefix made in the run, keys generated once, and at the end every
// schema and key of the run dropped (and those of runs killed before their teardown).
import type { TestProject } from 'vitest/node';
import './store-context.js';
import { createTestStore, dropRun, newRunId, sharedKeysEnv } from './test-stores.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = newRunId();
  const keys = await sharedKeysEnv();
  project.provide('testStoreRun', run);
  project.provide('testStoreKeys', keys);
  if (project.name.startsWith('e2e')) {
    // The browser specs' server is another process: one schema, prefix and the keys, as its env.
    const store = await createTestStore(run);
    const env: Record<string, string> = { ...store.env };
    for (const [name, value] of Object.entries(keys)) if (value !== undefined) env[name] = value;
    project.provide('testStoreEnv', env);
  }
  return () => dropRun(run);
}
