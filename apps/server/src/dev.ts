// Development entry point (`npm run dev`): the server in watch mode with Vite's hot reload.
import { WEB_SOURCE_ROOT } from './config/repo-paths.js';
import { readConfig, startServer } from './start-server.js';

const config = readConfig();
// Vite is loaded only here, so a production install never needs it. It finds apps/web/vite.config.ts.
const { createServer } = await import('vite');
const vite = await createServer({
  root: WEB_SOURCE_ROOT,
  server: { middlewareMode: true },
  appType: 'custom',
});
// The app closes Vite with itself (plugins/vite-dev.ts).
await startServer(config, { vite });
