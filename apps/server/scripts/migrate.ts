// `npm run migrate -w apps/server [-- down]`: bring the configured database up to date and seed
// it (a deploy step when MIGRATE_ON_START=false), or undo the latest migration.
import { loadConfig, maskUrl } from '../src/config/index.js';
import { connectDb } from '../src/db/connect.js';
import { migrateDown, migrateToLatest } from '../src/db/migrate.js';
import { seed } from '../src/db/seed.js';

// The shared keys are the server's business: a migration job need not hold them.
const config = loadConfig(process.env, process.cwd(), { sharedKeys: false });
const db = connectDb(config.database);
try {
  if (process.argv[2] === 'down') {
    console.log(`undone on ${maskUrl(config.databaseUrl)}:`, await migrateDown(db));
  } else {
    const ran = await migrateToLatest(db);
    const seeded = await seed(db, Date.now(), config);
    console.log(
      `${maskUrl(config.databaseUrl)}: migrations run ${JSON.stringify(ran)}, seeded ${JSON.stringify(seeded)}`,
    );
  }
} finally {
  await db.destroy();
}
