// Stands in for the server-pg and e2e-pg projects when PostgreSQL or Redis is not reachable
// (vitest.config.ts): one skipped test whose name says why, or on CI one failed test, since CI must
// run every test on both stores.
import { it } from 'vitest';

const project = process.env.GATEHOUSE_STORES_PROJECT ?? 'server-pg';
const reason = process.env.GATEHOUSE_STORES_UNAVAILABLE ?? 'PostgreSQL or Redis not reachable';

if (process.env.GATEHOUSE_STORES_REQUIRED === '1') {
  it(`${project} did not run, and CI requires it: ${reason}`, () => {
    throw new Error(`PostgreSQL + Redis are required on CI (CI=true): ${reason}`);
  });
} else {
  it.skip(`${project} skipped: ${reason}`, () => {});
}
