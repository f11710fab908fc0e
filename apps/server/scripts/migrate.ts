// `npm run migrate -w apps/server [-- down]`: bring the configured database up to date and seed
// it (a deploy step when MIGRATE_ON_START=false), or undo the latest migration.
import { loadConfig, maskUrl } from '../src/config/index.js';
import { connectDb } from '../src/db/connect.js';
import { migrateDown, migrateToLatest } from '../src/db/migrate.js';
import { seed } from '../src/db/seed.js';
import { DEMO_CLIENT_ID, seedOAuthDemoClient } from '../src/dev/oauth-demo/oauth-demo-seed.js';

// The shared keys are the server's business: a migration job need not hold them.
const config = loadConfig(process.env, process.cwd(), { sharedKeys: false });
const db = connectDb(config.database);
try {
  if (process.argv[2] === 'down') {
    console.log(`undone on ${maskUrl(config.databaseUrl)}:`, await migrateDown(db));
  } else {
    const ran = await migrateToLatest(db);
    const now = Date.now();
    const seeded = await seed(db, now);
    // Development data, as the server seeds it on start (dev/dev-tools.plugin.ts); never in production.
    if (await seedOAuthDemoClient(db, config, now)) seeded.push(`oauth_client:${DEMO_CLIENT_ID}`);
    console.log(
      `${maskUrl(config.databaseUrl)}: migrations run ${JSON.stringify(ran)}, seeded ${JSON.stringify(seeded)}`,
    );
  }
} finally {
  await db.destroy();
}
