import fp from 'fastify-plugin';
import { createKnownDevices, type KnownDevices } from './known-devices.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Devices each account has logged in from (modules/devices). */
    devices: KnownDevices;
  }
}

/** Root-level, so registration (password step) can call `app.devices.remember`. Needs `store`. */
export default fp(
  async (app) => {
    app.decorate('devices', createKnownDevices(app.db));
  },
  { name: 'known-devices', dependencies: ['store'] },
);
