// `npm run dev`: the server's dev entry (Vite middleware, hot reload). The server and web sources run
// directly, but the server resolves @gatehouse/contract through its built output, so build that first.
import { buildStale, buildSteps, ensureInstalled, npm, runForever } from './lib/workspace.mjs';

ensureInstalled();
buildStale(buildSteps.filter((step) => step.workspace === 'packages/contract'));

runForever(npm, ['run', 'dev', '-w', 'apps/server'], {
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
});
