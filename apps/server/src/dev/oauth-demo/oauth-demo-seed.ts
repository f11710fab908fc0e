import { SITE_LIST } from '@gatehouse/contract';
import type { AppConfig } from '../../config/index.js';
import type { Db } from '../../db/connect.js';
import { createOAuthClientsRepository } from '../../modules/oauth/oauth-clients.repository.js';

export const DEMO_CLIENT_ID = 'gatehouse-demo';
/** The dev-only demo client's pages (served by the server in development; docs/oauth.md). */
export const DEMO_CLIENT_PATH = '/dev/oauth-demo';

/** Every local site origin on the configured port: localhost, 127.0.0.1 and `<label>.localhost`. */
export function localOrigins(port: number): string[] {
  const hosts = ['localhost', '127.0.0.1'];
  for (const site of SITE_LIST) if (site.localLabel) hosts.push(`${site.localLabel}.localhost`);
  return hosts.map((host) => `http://${host}:${port}`);
}

/**
 * Register the demo OAuth client (public, PKCE) outside production. Idempotent; an existing
 * client keeps everything an operator changed, and only gains the URIs of the current port, so
 * the demo keeps working after PORT changes. Returns whether anything was inserted.
 */
export async function seedOAuthDemoClient(
  db: Db,
  config: Pick<AppConfig, 'nodeEnv' | 'port'>,
  now: number,
): Promise<boolean> {
  if (config.nodeEnv === 'production') return false;
  const origins = localOrigins(config.port);
  const redirectUris = origins.map((origin) => `${origin}${DEMO_CLIENT_PATH}/callback`);
  const postLogout = origins.map((origin) => `${origin}${DEMO_CLIENT_PATH}`);
  const clients = createOAuthClientsRepository(db);
  if (await clients.find(DEMO_CLIENT_ID)) {
    await clients.addUris(DEMO_CLIENT_ID, redirectUris, postLogout);
    return false;
  }
  try {
    await clients.add(
      {
        clientId: DEMO_CLIENT_ID,
        name: 'Gatehouse demo app',
        isPublic: true,
        redirectUris,
        postLogoutRedirectUris: postLogout,
        scopes: ['profile', 'email', 'offline_access'],
      },
      now,
    );
  } catch (err) {
    // Another instance seeding at the same moment won the insert.
    if (await clients.find(DEMO_CLIENT_ID)) return false;
    throw err;
  }
  return true;
}
