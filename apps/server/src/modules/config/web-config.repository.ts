import type { Db } from '../../db/connect.js';

/** Stored web config rows (`web_config`: a name and JSON text). */
export interface WebConfigRepository {
  /** Parsed values of the names that exist; a row whose JSON is broken is skipped. */
  read(names: readonly string[]): Promise<Map<string, unknown>>;
}

export function createWebConfigRepository(db: Db): WebConfigRepository {
  return {
    async read(names) {
      const out = new Map<string, unknown>();
      if (names.length === 0) return out;
      const rows = await db
        .selectFrom('web_config')
        .select(['name', 'value'])
        .where('name', 'in', [...names])
        .execute();
      for (const row of rows) {
        try {
          out.set(row.name, JSON.parse(row.value) as unknown);
        } catch {
          // An operator's typo in one entry must not take the others down; the client uses its default.
        }
      }
      return out;
    },
  };
}
