import type { Db } from '../../db/connect.js';

/** The trading environment each account last switched to (table `trade_env`). */
export interface TradeEnvRepository {
  /** Record the switch (insert or overwrite). */
  switchTo(userId: string, env: number, at: number): Promise<void>;
  current(userId: string): Promise<number | null>;
}

export function createTradeEnvRepository(db: Db): TradeEnvRepository {
  return {
    async switchTo(userId, env, at) {
      await db
        .insertInto('trade_env')
        .values({ user_id: userId, env, switched_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ env, switched_at: at }))
        .execute();
    },
    async current(userId) {
      const row = await db
        .selectFrom('trade_env')
        .select('env')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? Number(row.env) : null;
    },
  };
}
