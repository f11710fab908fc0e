import { buildApp, type App, type BuildAppOptions } from './app.js';
import { ConfigError, loadConfig, maskUrl, type AppConfig, type Env } from './config/index.js';
import { DEV_TOOLS_NETWORK_WARNING, devToolsNotice } from './config/dev-tools.js';
import { productionSecretFindings } from './config/production-secrets.js';
import { startBanner } from './site-urls.js';

/**
 * Build, listen, and close gracefully on SIGINT/SIGTERM. Shared by production and src/dev.ts.
 * Resolves to the listening app (tests close it).
 */
export async function startServer(config: AppConfig, opts: BuildAppOptions = {}): Promise<App> {
  // Secrets that look like development's (config/production-secrets.ts): refuse or warn before serving.
  const secrets = await productionSecretFindings(config);
  if (secrets.refuse.length) {
    console.error(`Refusing to start:\n  ${secrets.refuse.join('\n  ')}`);
    process.exit(1);
  }
  const app = buildApp(config, opts);
  for (const warning of secrets.warn) app.log.warn(warning);
  if (config.nodeEnv !== 'production' && config.devTools === 'network')
    app.log.warn(DEV_TOOLS_NETWORK_WARNING);
  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    // In-flight requests finish; a stuck close must not keep the process forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'close failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => close('SIGINT'));
  process.once('SIGTERM', () => close('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.fatal({ err }, 'could not start');
    await app.close().catch(() => {});
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    { database: maskUrl(config.databaseUrl), redis: config.redisUrl ? maskUrl(config.redisUrl) : null },
    'store',
  );
  // The banner is for the person who typed `npm start`, not for the log collector.
  const notice = devToolsNotice(config);
  process.stdout.write(`\n${startBanner(config, port)}\n${notice ? `\n${notice}\n` : ''}\n`);
  return app;
}

/** The environment as configuration; exits with the list of problems when invalid. */
export function readConfig(env: Env = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
