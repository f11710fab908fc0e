import type { AppConfig } from '../config/index.js';
import { DEMO_CLIENT_ID, seedOAuthDemoClient } from '../modules/oauth/oauth-demo-seed.js';
import type { Db } from './connect.js';

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
  feature_flags: {
    qrLogin: true,
    telegramLogin: true,
    quickLogin: true,
    demoAccount: true,
    phoneSignUp: true,
  },
  // Default register UI when neither an A/B bucket nor the ui / show_type query decides (spec §2).
  register_ui: { ui: 'new', showType: 'code' },
};

/**
 * Write default data that is missing. Idempotent: existing rows are never overwritten, so an
 * operator's changes survive restarts. Returns the names that were inserted.
 */
export async function seed(
  db: Db,
  now: number = Date.now(),
  /** With the configuration, development and test also get the demo OAuth client (never production). */
  config?: Pick<AppConfig, 'nodeEnv' | 'port'>,
): Promise<string[]> {
  const inserted: string[] = [];
  for (const [name, value] of Object.entries(DEFAULT_WEB_CONFIG)) {
    const result = await db
      .insertInto('web_config')
      .values({ name, value: JSON.stringify(value), updated_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) inserted.push(name);
  }
  if (config && (await seedOAuthDemoClient(db, config, now))) inserted.push(`oauth_client:${DEMO_CLIENT_ID}`);
  return inserted;
}
