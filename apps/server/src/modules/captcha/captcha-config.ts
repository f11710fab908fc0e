import { z } from 'zod';
import {
  DEFAULT_REQUIRED_CAPTCHA_SCENES,
  isCaptchaScene,
  SITE_IDS,
  type CaptchaScene,
  type SiteId,
} from '@gatehouse/contract';

/** One scene that needs a captcha, on every site (`sites` null) or on the listed ones. */
export interface RequiredScene {
  scene: CaptchaScene;
  sites: SiteId[] | null;
}

export interface AltchaConfig {
  /** False: challenges are refused, so clients fall back to the older captchas (tests, drills). */
  enabled: boolean;
  /** HMAC secret for challenges; null: generated and kept under DATA_DIR/keys. */
  hmacKey: string | null;
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The solver's counter is random in [maxCounter/2, maxCounter]: the expected work. */
  maxCounter: number;
  /** How long a challenge (and so its solution) stays valid. */
  ttlMs: number;
}

export interface VendorEndpoints {
  scriptUrl: string;
  verifyUrl: string;
}

export interface CaptchaConfig {
  /** False: no scene requires a captcha (other modules' tests; never in production). */
  enabled: boolean;
  required: RequiredScene[];
  altcha: AltchaConfig;
  /** Each vendor is usable only when its keys are set (null otherwise). */
  geetest: (VendorEndpoints & { captchaId: string; captchaKey: string }) | null;
  tencent:
    (VendorEndpoints & { appId: string; appSecretKey: string; secretId: string; secretKey: string }) | null;
  recaptcha: (VendorEndpoints & { siteKey: string; secret: string }) | null;
  /** Time allowed for a vendor's verify call. */
  vendorTimeoutMs: number;
}

export const DEFAULT_VENDOR_URLS = {
  geetest: {
    scriptUrl: 'https://static.geetest.com/v4/gt4.js',
    verifyUrl: 'https://gcaptcha4.geetest.com/validate',
  },
  tencent: {
    scriptUrl: 'https://turing.captcha.qcloud.com/TCaptcha.js',
    verifyUrl: 'https://captcha.tencentcloudapi.com/',
  },
  recaptcha: {
    scriptUrl: 'https://www.google.com/recaptcha/api.js?render=explicit',
    verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
  },
} as const;

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(v)));
const url = z.url({ protocol: /^https?$/ }).optional();
const secret = z.string().min(1).optional();

const captchaEnvSchema = z.object({
  CAPTCHA_ENABLED: flag(true),
  CAPTCHA_REQUIRED_SCENES: z.string().optional(),
  CAPTCHA_HMAC_KEY: z.string().min(32, 'at least 32 characters').optional(),
  CAPTCHA_ALTCHA_ENABLED: flag(true),
  CAPTCHA_ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(500),
  CAPTCHA_ALTCHA_MAX_COUNTER: z.coerce.number().int().min(2).max(10_000_000).default(5_000),
  CAPTCHA_ALTCHA_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  CAPTCHA_GEETEST_ID: secret,
  CAPTCHA_GEETEST_KEY: secret,
  CAPTCHA_GEETEST_SCRIPT_URL: url,
  CAPTCHA_GEETEST_VERIFY_URL: url,
  CAPTCHA_TENCENT_APP_ID: secret,
  CAPTCHA_TENCENT_APP_SECRET_KEY: secret,
  CAPTCHA_TENCENT_SECRET_ID: secret,
  CAPTCHA_TENCENT_SECRET_KEY: secret,
  CAPTCHA_TENCENT_SCRIPT_URL: url,
  CAPTCHA_TENCENT_VERIFY_URL: url,
  CAPTCHA_RECAPTCHA_SITE_KEY: secret,
  CAPTCHA_RECAPTCHA_SECRET: secret,
  CAPTCHA_RECAPTCHA_SCRIPT_URL: url,
  CAPTCHA_RECAPTCHA_VERIFY_URL: url,
  CAPTCHA_VENDOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
});

/**
 * `CAPTCHA_REQUIRED_SCENES`: comma-separated scenes, each optionally limited to sites with
 * `@`, e.g. `31000,31004@global|EU,31013@TUR`. Empty string: no scene requires a captcha.
 */
export function parseRequiredScenes(raw: string | undefined, issues: string[]): RequiredScene[] {
  if (raw === undefined) return DEFAULT_REQUIRED_CAPTCHA_SCENES.map((scene) => ({ scene, sites: null }));
  const out: RequiredScene[] = [];
  for (const item of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [sceneText = '', siteText] = item.split('@', 2);
    const scene = Number(sceneText.trim());
    if (!isCaptchaScene(scene)) {
      issues.push(`CAPTCHA_REQUIRED_SCENES: "${sceneText}" is not a captcha scene`);
      continue;
    }
    if (siteText === undefined) {
      out.push({ scene, sites: null });
      continue;
    }
    const sites: SiteId[] = [];
    for (const name of siteText.split('|').map((s) => s.trim())) {
      const site = SITE_IDS.find((id) => id.toLowerCase() === name.toLowerCase());
      if (site) sites.push(site);
      else issues.push(`CAPTCHA_REQUIRED_SCENES: "${name}" is not a site id (${SITE_IDS.join(', ')})`);
    }
    out.push({ scene, sites });
  }
  return out;
}

/** Both halves of a vendor's keys, or neither: half a configuration is a mistake worth failing on. */
function pair<T>(label: string, values: (string | undefined)[], build: () => T, issues: string[]): T | null {
  const set = values.filter((v) => v !== undefined).length;
  if (set === 0) return null;
  if (set < values.length) {
    issues.push(`${label}: set all of its keys or none`);
    return null;
  }
  return build();
}

/** Read the captcha part of the environment; problems go to `issues` (no values echoed). */
export function loadCaptchaConfig(
  env: Readonly<Record<string, string | undefined>>,
  issues: string[],
): CaptchaConfig {
  const parsed = captchaEnvSchema.safeParse(env);
  if (!parsed.success) {
    for (const i of parsed.error.issues) issues.push(`${i.path.join('.')}: ${i.message}`);
    return loadCaptchaConfig({}, []);
  }
  const e = parsed.data;
  const d = DEFAULT_VENDOR_URLS;
  return {
    enabled: e.CAPTCHA_ENABLED,
    required: parseRequiredScenes(e.CAPTCHA_REQUIRED_SCENES, issues),
    altcha: {
      enabled: e.CAPTCHA_ALTCHA_ENABLED,
      hmacKey: e.CAPTCHA_HMAC_KEY ?? null,
      cost: e.CAPTCHA_ALTCHA_COST,
      maxCounter: e.CAPTCHA_ALTCHA_MAX_COUNTER,
      ttlMs: e.CAPTCHA_ALTCHA_TTL_SECONDS * 1000,
    },
    geetest: pair(
      'CAPTCHA_GEETEST_ID/KEY',
      [e.CAPTCHA_GEETEST_ID, e.CAPTCHA_GEETEST_KEY],
      () => ({
        captchaId: e.CAPTCHA_GEETEST_ID ?? '',
        captchaKey: e.CAPTCHA_GEETEST_KEY ?? '',
        scriptUrl: e.CAPTCHA_GEETEST_SCRIPT_URL ?? d.geetest.scriptUrl,
        verifyUrl: e.CAPTCHA_GEETEST_VERIFY_URL ?? d.geetest.verifyUrl,
      }),
      issues,
    ),
    tencent: pair(
      'CAPTCHA_TENCENT_APP_ID/APP_SECRET_KEY/SECRET_ID/SECRET_KEY',
      [
        e.CAPTCHA_TENCENT_APP_ID,
        e.CAPTCHA_TENCENT_APP_SECRET_KEY,
        e.CAPTCHA_TENCENT_SECRET_ID,
        e.CAPTCHA_TENCENT_SECRET_KEY,
      ],
      () => ({
        appId: e.CAPTCHA_TENCENT_APP_ID ?? '',
        appSecretKey: e.CAPTCHA_TENCENT_APP_SECRET_KEY ?? '',
        secretId: e.CAPTCHA_TENCENT_SECRET_ID ?? '',
        secretKey: e.CAPTCHA_TENCENT_SECRET_KEY ?? '',
        scriptUrl: e.CAPTCHA_TENCENT_SCRIPT_URL ?? d.tencent.scriptUrl,
        verifyUrl: e.CAPTCHA_TENCENT_VERIFY_URL ?? d.tencent.verifyUrl,
      }),
      issues,
    ),
    recaptcha: pair(
      'CAPTCHA_RECAPTCHA_SITE_KEY/SECRET',
      [e.CAPTCHA_RECAPTCHA_SITE_KEY, e.CAPTCHA_RECAPTCHA_SECRET],
      () => ({
        siteKey: e.CAPTCHA_RECAPTCHA_SITE_KEY ?? '',
        secret: e.CAPTCHA_RECAPTCHA_SECRET ?? '',
        scriptUrl: e.CAPTCHA_RECAPTCHA_SCRIPT_URL ?? d.recaptcha.scriptUrl,
        verifyUrl: e.CAPTCHA_RECAPTCHA_VERIFY_URL ?? d.recaptcha.verifyUrl,
      }),
      issues,
    ),
    vendorTimeoutMs: e.CAPTCHA_VENDOR_TIMEOUT_MS,
  };
}

/** Hosts each vendor's script pulls its own parts from (frames, styles, API calls), besides its own origin. */
const VENDOR_COMPANION_ORIGINS = {
  geetest: ['https://static.geetest.com', 'https://gcaptcha4.geetest.com'],
  tencent: ['https://turing.captcha.qcloud.com', 'https://turing.captcha.gtimg.com'],
  recaptcha: ['https://www.google.com', 'https://www.gstatic.com', 'https://www.recaptcha.net'],
} as const;

/**
 * Origins pages must be allowed to load captcha vendors from (CSP script-src, frame-src,
 * connect-src, style-src): only for vendors that are configured, and none while captchas are off
 * (CAPTCHA_ENABLED=0: no scene asks for one), so such a server keeps the strict same-origin policy.
 */
export function captchaVendorOrigins(config: CaptchaConfig): string[] {
  const origins = new Set<string>();
  if (!config.enabled) return [];
  for (const type of ['geetest', 'tencent', 'recaptcha'] as const) {
    const vendor = config[type];
    if (!vendor) continue;
    origins.add(new URL(vendor.scriptUrl).origin);
    for (const o of VENDOR_COMPANION_ORIGINS[type]) origins.add(o);
  }
  return [...origins];
}
