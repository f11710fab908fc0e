// Stands in for the server-pg and e2e-pg projects when PostgreSQL or Redis is not reachable
// (vitest.config.ts): one skipped test whose name says why, or on CI one failed test, since CI must
// run every test on both stores.
import { it } from 'vitest';

const reason = process.env.GATEHOUSE_STORES_UNAVAILABLE ?? 'PostgreSQL or Redis not reachable';

if (process.env.GATEHOUSE_STORES_REQUIRED === '1') {
  it(`PostgreSQL + Redis are required on CI: ${reason}`, () => {
    throw new Error(`PostgreSQL + Redis are required on CI (CI=true): ${reason}`);
  });
} else {
  it.skip(`skipped on PostgreSQL + Redis: ${reason}`, () => {});
}
