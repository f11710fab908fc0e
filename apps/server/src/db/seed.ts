import {
  DEFAULT_FEATURE_FLAGS,
  DEFAULT_REGISTER_UI_CONFIG,
  FEATURE_CONFIG_KEY,
} from '@gatehouse/contract/feature-flags';
import { SIGNUP_BONUS_CONFIG_KEY, defaultSignupBonusConfig } from '@gatehouse/contract';
import type { Db } from './connect.js';
import {
  COMPLIANCE_KEYS,
  DEFAULT_COMPLIANCE_CONFIG,
  DEFAULT_COMPLIANCE_RULES,
  DEFAULT_RESIDENCE_GUIDE,
} from '../modules/compliance/compliance-defaults.js';

/**
 * Captcha scenes (spec §4) and how each one picks a captcha: try the self-hosted proof-of-work
 * check first ("new verification"), and fall back through the older vendor types in order.
 */
const CAPTCHA_SCENES = {
  login: 31000,
  thirdParty: 31001,
  register: 31004,
  tradingTool: 31005,
  turkeyLogin: 31013,
  euLogin: 31014,
  migration: 30245,
} as const;

const sceneConfig = {
  completelyUseMagpieCatcha: true,
  useDowngrade: true,
  guidTailList: [] as string[],
  oldCapchaList: ['geetest', 'tencent', 'recaptcha'],
};

/** Default web configuration (spec §3 "Web config entries": a name and a JSON value). */
export const DEFAULT_WEB_CONFIG: Readonly<Record<string, unknown>> = {
  captcha_scene_config: Object.fromEntries(
    Object.values(CAPTCHA_SCENES).map((scene) => [String(scene), sceneConfig]),
  ),
  // What each flag switches: docs/configuration.md "Feature flags" (contract rules/feature-flags.ts).
  [FEATURE_CONFIG_KEY.FEATURE_FLAGS]: DEFAULT_FEATURE_FLAGS,
  // Default register UI when the ui / show_type query does not decide (spec §2); the web's
  // register-variant.ts reads this shape (its test feeds it this very value).
  [FEATURE_CONFIG_KEY.REGISTER_UI]: DEFAULT_REGISTER_UI_CONFIG,
  // The §9 sign-up bonus amounts per region (contract rules/bonus.ts; docs/configuration.md).
  [SIGNUP_BONUS_CONFIG_KEY]: defaultSignupBonusConfig(),
  // Regions and compliance (docs/flows/compliance.md): rules, the static config, residence guides.
  [COMPLIANCE_KEYS.RULES]: DEFAULT_COMPLIANCE_RULES,
  [COMPLIANCE_KEYS.CONFIG]: DEFAULT_COMPLIANCE_CONFIG,
  [COMPLIANCE_KEYS.RESIDENCE_GUIDE]: DEFAULT_RESIDENCE_GUIDE,
};

/**
 * Write default data that is missing. Idempotent: existing rows are never overwritten, so an
 * operator's changes survive restarts. Returns the names that were inserted. The demo OAuth client
 * is development data: the development tools seed it (dev/dev-tools.plugin.ts, scripts/migrate.ts).
 */
export async function seed(db: Db, now: number = Date.now()): Promise<string[]> {
  const inserted: string[] = [];
  for (const [name, value] of Object.entries(DEFAULT_WEB_CONFIG)) {
    const result = await db
      .insertInto('web_config')
      .values({ name, value: JSON.stringify(value), updated_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) inserted.push(name);
  }
  return inserted;
}
