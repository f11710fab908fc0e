import net from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEST_DATABASE_URL } from './test-stores.js';

export const TEST_PG_URL = TEST_DATABASE_URL;

/** True on CI (`CI=true`): tests that need PostgreSQL or Redis fail there instead of skipping. */
export const ON_CI = !['', '0', 'false'].includes((process.env.CI ?? '').toLowerCase());

/** True when something accepts TCP connections at host:port within the timeout. */
export function reachable(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The reason to skip, or on CI an error: CI must run every test on PostgreSQL and Redis. */
function skipOrFail(reason: string): { skip: string } {
  if (ON_CI) throw new Error(`${reason} (CI=true: tests needing PostgreSQL must not skip)`);
  return { skip: reason };
}

/**
 * A fresh schema in the test database, or the reason there is none (so the suite can say why it
 * skipped; on CI it throws instead). Drop it with the returned function.
 */
export async function freshPgSchema(): Promise<
  { schema: string; drop: () => Promise<void> } | { skip: string }
> {
  const url = new URL(TEST_PG_URL);
  if (!(await reachable(url.hostname, Number(url.port || 5432)))) {
    return skipOrFail(`PostgreSQL not reachable at ${url.hostname}:${url.port || 5432}`);
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  try {
    await client.connect();
    await client.query(`create schema ${schema}`);
  } catch (err) {
    await client.end().catch(() => {});
    return skipOrFail(`PostgreSQL at ${url.host} refused the test set-up: ${(err as Error).message}`);
  }
  await client.end();
  return {
    schema,
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}
