// `npm start`: the local all-sites demo from a fresh clone: install, build what is stale, serve.
// Plain Node with no dependencies, because it runs before `npm install`.
import { buildStale, ensureInstalled, root, runForever } from './lib/workspace.mjs';
import { join } from 'node:path';

ensureInstalled();
buildStale();

// The demo runs the built assets (what production serves) with development semantics, so the
// developer tools (/dev/outbox, the Telegram simulator, the demo OAuth client) are available.
// Set NODE_ENV=production to try the production behaviour locally; it needs the shared keys
// (`node scripts/generate-keys.mjs`, docs/deployment.md), as does DATABASE_URL=postgres://… or REDIS_URL.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };

runForever(process.execPath, [join(root, 'apps/server/dist/server.js')], { env });
