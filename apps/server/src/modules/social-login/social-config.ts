import { z } from 'zod';
import { SITE_IDS, type SiteId, type SocialProvider } from '@gatehouse/contract';

/** One OpenID provider we log in with. */
export interface OidcProviderConfig {
  provider: SocialProvider;
  /** The issuer identifier: discovery is `{issuer}/.well-known/openid-configuration`, and `iss` must equal it. */
  issuer: string;
  clientId: string;
  /** Google (and any stand-in): the client secret. */
  clientSecret: string | null;
  /** Apple: the team's Sign in with Apple key; the client secret is an ES256 JWT made from it. */
  appleKey: { teamId: string; keyId: string; privateKeyPem: string } | null;
  /** Sites the button shows on; null: every site. */
  sites: SiteId[] | null;
  /** True only for the local stand-in (plain http on loopback). */
  insecureHttp: boolean;
}

export interface SocialConfig {
  google: OidcProviderConfig | null;
  apple: OidcProviderConfig | null;
  /**
   * The local OpenID provider (src/dev/oidc-stand-in) plays every provider that is not configured,
   * at `{origin}/dev/oidc/{provider}`; null when off (always in production).
   */
  standIn: { origin: string } | null;
}

export const DEFAULT_ISSUERS = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
} as const satisfies Record<SocialProvider, string>;

/** The stand-in's client for every provider it plays (development only, never a secret). */
export const STAND_IN_CLIENT = { clientId: 'gatehouse-local', clientSecret: 'gatehouse-local-secret' };
export const STAND_IN_PATH = '/dev/oidc';

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const socialEnvSchema = z.object({
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER: optional,
  GOOGLE_SITES: optional,
  APPLE_CLIENT_ID: optional,
  APPLE_CLIENT_SECRET: optional,
  APPLE_TEAM_ID: optional,
  APPLE_KEY_ID: optional,
  APPLE_PRIVATE_KEY: optional,
  APPLE_ISSUER: optional,
  APPLE_SITES: optional,
  SOCIAL_STAND_IN: z.enum(['0', '1']).optional(),
  SOCIAL_STAND_IN_ORIGIN: optional,
});

function parseSites(name: string, value: string | undefined, issues: string[]): SiteId[] | null {
  if (value === undefined) return null;
  const sites = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = sites.filter((s) => !(SITE_IDS as readonly string[]).includes(s));
  if (bad.length) issues.push(`${name}: unknown site ${bad.join(', ')}`);
  return sites.filter((s): s is SiteId => (SITE_IDS as readonly string[]).includes(s));
}

function httpsUrl(name: string, value: string, issues: string[]): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:') issues.push(`${name}: must be an https URL`);
  } catch {
    issues.push(`${name}: not a URL`);
  }
  return value.replace(/\/$/, '');
}

/**
 * Google and Apple sign-in (docs/configuration.md "Third-party login"). A provider is on when its
 * client id and secret (Apple: or its team key) are set; otherwise, outside production, the local
 * stand-in plays it when SOCIAL_STAND_IN is on (default on in development, off in tests).
 */
export function loadSocialConfig(
  env: Readonly<Record<string, string | undefined>>,
  ctx: { nodeEnv: 'development' | 'production' | 'test'; port: number },
  issues: string[],
): SocialConfig {
  const parsed = socialEnvSchema.safeParse(env);
  if (!parsed.success) {
    for (const i of parsed.error.issues) issues.push(`${i.path.join('.')}: ${i.message}`);
    return { google: null, apple: null, standIn: null };
  }
  const e = parsed.data;
  const standInOn =
    ctx.nodeEnv !== 'production' &&
    (e.SOCIAL_STAND_IN ?? (ctx.nodeEnv === 'development' ? '1' : '0')) === '1';
  if (ctx.nodeEnv === 'production' && e.SOCIAL_STAND_IN === '1')
    issues.push('SOCIAL_STAND_IN: the local OpenID provider never runs in production');
  const standIn = standInOn
    ? { origin: (e.SOCIAL_STAND_IN_ORIGIN ?? `http://localhost:${ctx.port}`).replace(/\/$/, '') }
    : null;
  const playedByStandIn = (provider: SocialProvider, sites: SiteId[] | null): OidcProviderConfig | null =>
    standIn
      ? {
          provider,
          issuer: `${standIn.origin}${STAND_IN_PATH}/${provider}`,
          ...STAND_IN_CLIENT,
          appleKey: null,
          sites,
          insecureHttp: true,
        }
      : null;

  const googleSites = parseSites('GOOGLE_SITES', e.GOOGLE_SITES, issues);
  let google: OidcProviderConfig | null;
  if (e.GOOGLE_CLIENT_ID !== undefined || e.GOOGLE_CLIENT_SECRET !== undefined) {
    if (!e.GOOGLE_CLIENT_ID || !e.GOOGLE_CLIENT_SECRET)
      issues.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither');
    google = {
      provider: 'google',
      issuer: httpsUrl('GOOGLE_ISSUER', e.GOOGLE_ISSUER ?? DEFAULT_ISSUERS.google, issues),
      clientId: e.GOOGLE_CLIENT_ID ?? '',
      clientSecret: e.GOOGLE_CLIENT_SECRET ?? '',
      appleKey: null,
      sites: googleSites,
      insecureHttp: false,
    };
  } else google = playedByStandIn('google', googleSites);

  const appleSites = parseSites('APPLE_SITES', e.APPLE_SITES, issues);
  let apple: OidcProviderConfig | null;
  const keyParts = [e.APPLE_TEAM_ID, e.APPLE_KEY_ID, e.APPLE_PRIVATE_KEY];
  if (e.APPLE_CLIENT_ID !== undefined) {
    const hasKey = keyParts.every((v) => v !== undefined);
    if (!hasKey && keyParts.some((v) => v !== undefined))
      issues.push('APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY: set all three or none');
    if (!hasKey && e.APPLE_CLIENT_SECRET === undefined)
      issues.push('APPLE_CLIENT_ID: also set APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY');
    apple = {
      provider: 'apple',
      issuer: httpsUrl('APPLE_ISSUER', e.APPLE_ISSUER ?? DEFAULT_ISSUERS.apple, issues),
      clientId: e.APPLE_CLIENT_ID,
      clientSecret: hasKey ? null : (e.APPLE_CLIENT_SECRET ?? ''),
      appleKey: hasKey
        ? {
            teamId: e.APPLE_TEAM_ID ?? '',
            keyId: e.APPLE_KEY_ID ?? '',
            privateKeyPem: (e.APPLE_PRIVATE_KEY ?? '').replaceAll('\\n', '\n'),
          }
        : null,
      sites: appleSites,
      insecureHttp: false,
    };
  } else apple = playedByStandIn('apple', appleSites);

  return { google, apple, standIn };
}
