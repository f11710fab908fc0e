import fp from 'fastify-plugin';
import type { KvStore } from './kv/kv-store.js';
import { RedisKv } from './kv/redis-kv.js';
import { SqlKv } from './kv/sql-kv.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Short-lived keys: Redis when REDIS_URL is set, else the database's kv_entries table. */
    kv: KvStore;
  }
}

export type { KvOp, KvOpResult, KvStore, KvWriteOp } from './kv/kv-store.js';

/** Needs the `redis` and `store` plugins registered before it. */
export default fp(
  async (app) => {
    const kv: KvStore = app.redis ? new RedisKv(app.redis) : new SqlKv(app.db);
    app.decorate('kv', kv);
    app.addHook('onClose', () => kv.close());
  },
  { name: 'kv', dependencies: ['redis', 'store'] },
);
