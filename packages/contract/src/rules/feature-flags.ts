// Its own entry point (`@gatehouse/contract/feature-flags`), not re-exported by the index, so a web page
// that reads the flags carries this module and nothing else of the contract (npm run bench:web).

/**
 * The product switches an operator keeps in the web config (table `web_config`, read with
 * `POST /v3/config/web`; docs/configuration.md "Feature flags"). The seed writes
 * {@link DEFAULT_FEATURE_FLAGS}; the web page and the server read the stored value through
 * {@link featureFlagsFrom}, so both agree on what a missing or malformed entry means.
 */
export const FEATURE_CONFIG_KEY = {
  /** {@link FeatureFlags}. */
  FEATURE_FLAGS: 'feature_flags',
  /** The default sign-up UI variant (web features/register/register-variant.ts reads it). */
  REGISTER_UI: 'register_ui',
} as const;

export interface FeatureFlags {
  /** The login page's QR-code login; the server's `qrcode/generate`. */
  qrLogin: boolean;
  /** Logging in with Telegram (the Mini App's third-party login); binding stays. */
  telegramLogin: boolean;
  /** `quick_token` and `quick_login`; the login page's `tmp_token`. */
  quickLogin: boolean;
  /** `demoAccount=true` on the login page: the demo (testnet) switch and its notices. */
  demoAccount: boolean;
  /** The mobile option of sign-up, on sites that offer it at all (site definition `phoneSignUp`). */
  phoneSignUp: boolean;
}

/** Everything on: what the seed writes, and what a missing entry means. */
export const DEFAULT_FEATURE_FLAGS: Readonly<FeatureFlags> = {
  qrLogin: true,
  telegramLogin: true,
  quickLogin: true,
  demoAccount: true,
  phoneSignUp: true,
};

/**
 * The flags of a stored `feature_flags` value. Only an explicit `false` turns a feature off: a missing
 * entry, a missing flag or a value of another type keeps the default, so an operator's typo never
 * switches a way in off by accident.
 */
export function featureFlagsFrom(value: unknown): FeatureFlags {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const flags = { ...DEFAULT_FEATURE_FLAGS };
  for (const name of Object.keys(flags) as (keyof FeatureFlags)[]) {
    if (stored[name] === false) flags[name] = false;
  }
  return flags;
}

/**
 * The seeded `register_ui`: the query parameters' names and values (`ui`, `show_type` → `showType`)
 * for everyone. The web reader also takes a variant name (`"new-code"`) or weights (`{variants}`).
 */
export const DEFAULT_REGISTER_UI_CONFIG = { ui: 'new', showType: 'code' } as const;
