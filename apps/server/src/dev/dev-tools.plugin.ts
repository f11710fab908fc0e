import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config/index.js';
import devOnlyGuard, { devToolsOn } from './dev-only-guard.js';
import oauthDemoRoutes from './oauth-demo/oauth-demo.routes.js';
import { DEMO_CLIENT_ID, seedOAuthDemoClient } from './oauth-demo/oauth-demo-seed.js';
import outboxRoutes from './outbox/outbox.routes.js';
import { createOutboxReader } from './outbox/outbox.service.js';
import telegramSimulatorRoutes from './telegram-simulator/simulator.routes.js';
import oidcStandIn from './oidc-stand-in/oidc-stand-in.plugin.js';

/**
 * The development stand-ins, in one encapsulated plugin that app.ts registers outside production
 * only (and that registers nothing when given a production configuration anyway):
 *
 * - the demo OAuth client's registration, when the store migrates on start (as `npm start` does);
 *   seeded with DEV_TOOLS=off too, as before the tools moved here, so turning the pages off loses no data;
 * - with DEV_TOOLS other than `off`: the loopback-only guard (ADR 0013), once for every tool below, so
 *   a tool added here cannot forget it; then the outbox, the Telegram simulator, the demo client and
 *   the OpenID provider playing Google and Apple.
 *
 * Needs `store` (db), `telegram` (bot token) and the OAuth plugin's routes the demo client calls.
 */
const devTools: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  if (config.nodeEnv === 'production') return;
  if (config.migrateOnStart && (await seedOAuthDemoClient(app.db, config, Date.now()))) {
    app.log.info({ seeded: [`oauth_client:${DEMO_CLIENT_ID}`] }, 'demo OAuth client registered');
  }
  if (!devToolsOn(config)) return;
  await app.register(devOnlyGuard, { config });
  await app.register(outboxRoutes, { config, outbox: createOutboxReader(app.db) });
  await app.register(telegramSimulatorRoutes, { config });
  await app.register(oauthDemoRoutes);
  // The OpenID provider playing Google and Apple (issue 16), when SOCIAL_STAND_IN is on.
  await app.register(oidcStandIn, { config });
};

export default devTools;
