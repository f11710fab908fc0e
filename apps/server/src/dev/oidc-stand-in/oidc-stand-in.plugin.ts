import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { SOCIAL_CALLBACK_PATHS, SOCIAL_PROVIDERS, type SocialProvider } from '@gatehouse/contract';
import type { AppConfig } from '../../config/index.js';
import { STAND_IN_CLIENT, STAND_IN_PATH } from '../../modules/social-login/social-config.js';
import { standInUserOf } from './stand-in-users.js';

/** A redirect back to this machine's callback of that provider, on any local site host. */
function isLocalCallback(value: string, provider: SocialProvider): boolean {
  try {
    const url = new URL(value);
    const host = url.hostname;
    return (
      url.protocol === 'http:' &&
      (host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1') &&
      url.pathname === SOCIAL_CALLBACK_PATHS[provider] &&
      url.search === '' &&
      url.hash === ''
    );
  } catch {
    return false;
  }
}

function standInProvider(provider: SocialProvider, issuer: string): Provider {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: `stand-in-${provider}`,
    use: 'sig',
    alg: 'RS256',
  };
  const configuration: Configuration = {
    clients: [
      {
        client_id: STAND_IN_CLIENT.clientId,
        client_secret: STAND_IN_CLIENT.clientSecret,
        // Checked by isLocalCallback below (every local site host); this entry only satisfies the schema.
        redirect_uris: [`http://localhost${SOCIAL_CALLBACK_PATHS[provider]}`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    // Scopes → claims; Apple's `name` scope as Apple names it.
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], name: ['name'] },
    // Claims in the id_token itself, as Google and Apple put them there.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    // The dev login form's "login" is the account id: the person's e-mail address (stand-in-users.ts).
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const user = standInUserOf(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: user.email,
          email_verified: user.emailVerified,
          ...(user.name ? { name: user.name } : {}),
        }),
      };
    },
    // First-party client: no consent screen (the real providers ask once; not what the tests are about).
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile name');
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
  };
  const oidc = new Provider(issuer, configuration);
  oidc.Client.prototype.redirectUriAllowed = function redirectUriAllowed(value: string) {
    return isLocalCallback(value, provider);
  };
  return oidc;
}

/**
 * The local OpenID provider (oidc-provider, a certified implementation) playing Google and Apple
 * at `{origin}/dev/oidc/{provider}`: the issuer URL our configuration points at when no real
 * client is configured (modules/social-login/social-config.ts), so the product's OpenID code path
 * is the one that runs. Development tools only (dev-tools.plugin.ts, never in production).
 *
 * The Koa app answers the raw request: the routes below take no body (the provider reads the
 * stream itself) and hijack the reply.
 */
const oidcStandIn: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const standIn = config.social.standIn;
  if (!standIn) return;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
  for (const provider of SOCIAL_PROVIDERS) {
    const mount = `${STAND_IN_PATH}/${provider}`;
    const oidc = standInProvider(provider, `${standIn.origin}${mount}`);
    const handler = oidc.callback() as (req: IncomingMessage, res: ServerResponse) => void;
    app.all(`${mount}/*`, (req, reply) => {
      reply.hijack();
      // These pages play another site (Google's, Apple's), with its own inline form_post script and
      // styles: our pages' Content-Security-Policy is not theirs.
      reply.raw.removeHeader('content-security-policy');
      const raw = req.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url ?? '';
      raw.url = (raw.url ?? '').slice(mount.length) || '/';
      handler(raw, reply.raw);
    });
  }
};

export default oidcStandIn;
