// Development entry point (`npm run dev`): the server in watch mode with Vite's hot reload.
import { WEB_SOURCE_ROOT } from './config/repo-paths.js';
import { answerCheck } from './lib/response-serializer.js';
import { readConfig, startServer } from './start-server.js';

const config = readConfig();
// Development checks each answer against its zod schema too (production only serialises, ADR 0019).
answerCheck.enabled = true;
// Vite is loaded only here, so a production install never needs it. It finds apps/web/vite.config.ts.
const { createServer } = await import('vite');
const vite = await createServer({
  root: WEB_SOURCE_ROOT,
  server: { middlewareMode: true },
  appType: 'custom',
});
// The app closes Vite with itself (plugins/vite-dev.ts).
await startServer(config, { vite });
