// Where the tests find PostgreSQL and Redis, and whether they are there. Plain Node with no
// dependencies: vitest.config.ts reads it to decide whether the store projects (server-pg, e2e-pg)
// run, and scripts/test.mjs to say so before the run.
import net from 'node:net';

/** The test database (each run makes its own schemas in it and drops them). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** The test Redis (each run prefixes its keys and deletes them). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** True on CI (`CI=true`, as GitHub Actions, GitLab and most others set it): store tests never skip there. */
export function onCi() {
  const ci = (process.env.CI ?? '').toLowerCase();
  return ci !== '' && ci !== '0' && ci !== 'false';
}

/** True when something accepts TCP connections at host:port within the timeout. */
function reachable(host, port, timeoutMs) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Null when PostgreSQL and Redis both answer, else one line saying which is missing and what to do.
 * A TCP probe only: a server that answers but refuses the tests fails them, which is what we want.
 */
export async function storesUnavailable(timeoutMs = 700) {
  const pg = new URL(TEST_DATABASE_URL);
  const redis = new URL(TEST_REDIS_URL);
  const [pgUp, redisUp] = await Promise.all([
    reachable(pg.hostname, Number(pg.port || 5432), timeoutMs),
    reachable(redis.hostname, Number(redis.port || 6379), timeoutMs),
  ]);
  const missing = [
    ...(pgUp ? [] : [`PostgreSQL at ${pg.hostname}:${pg.port || 5432} (TEST_DATABASE_URL)`]),
    ...(redisUp ? [] : [`Redis at ${redis.hostname}:${redis.port || 6379} (TEST_REDIS_URL)`]),
  ];
  if (missing.length === 0) return null;
  return (
    `${missing.join(' and ')} not reachable: start them (docs/development.md, "PostgreSQL and Redis") ` +
    `or point TEST_DATABASE_URL / TEST_REDIS_URL at them`
  );
}
