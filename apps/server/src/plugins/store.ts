import fp from 'fastify-plugin';
import type { AppConfig } from '../config/index.js';
import { connectDb, type Db } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seed } from '../db/seed.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Kysely database (SQLite or PostgreSQL, chosen by DATABASE_URL). */
    db: Db;
  }
}

export interface StoreOptions {
  config: AppConfig;
  /** Use this database instead of opening one (tests); the app still destroys it on close. */
  db?: Db;
}

/** Open the database, bring it up to date when MIGRATE_ON_START, and close it with the app. */
export default fp<StoreOptions>(
  async (app, { config, db: given }) => {
    const db = given ?? connectDb(config.database);
    app.decorate('db', db);
    app.addHook('onClose', () => db.destroy());
    if (!config.migrateOnStart) return;
    try {
      const ran = await migrateToLatest(db);
      const seeded = await seed(db, Date.now());
      if (ran.length || seeded.length)
        app.log.info({ migrations: ran, seeded }, 'database brought up to date');
    } catch (err) {
      // A failed boot never reaches onClose: release the pool here so the process can exit.
      await db.destroy();
      throw err;
    }
  },
  { name: 'store' },
);
