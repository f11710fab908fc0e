import middie from '@fastify/middie';
import fp from 'fastify-plugin';
import type { ViteLike } from '../pages/vite-like.js';

/**
 * Development only: Vite's middlewares serve the web app's modules, HMR client and public files
 * from source. They pass on anything they do not own, so API routes and pages still answer.
 */
export default fp<{ vite: ViteLike }>(
  async (app, { vite }) => {
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
  },
  { name: 'vite-dev' },
);
