import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

export interface HealthService {
  /** A real round trip to the database, so a load balancer drops an instance that lost its store. */
  pingDb(): Promise<'ok' | 'error'>;
}

export function createHealthService(db: Db): HealthService {
  return {
    async pingDb() {
      try {
        await sql`select 1`.execute(db);
        return 'ok';
      } catch {
        return 'error';
      }
    },
  };
}
