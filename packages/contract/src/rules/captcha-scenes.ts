import type { SiteId } from '../sites/site-types.js';

/**
 * Captcha scenes (spec §4): every protected action names the scene it verifies for, and a
 * self-hosted solution is bound to one scene, so a solution for sign-up cannot log anyone in.
 */
export const CAPTCHA_SCENE = {
  LOGIN: 31000,
  THIRD_PARTY: 31001,
  /** Sign-up on every site, Turkey included. */
  REGISTER: 31004,
  TRADING_TOOL: 31005,
  TURKEY_LOGIN: 31013,
  EU_LOGIN: 31014,
  MIGRATION: 30245,
} as const;

export type CaptchaScene = (typeof CAPTCHA_SCENE)[keyof typeof CAPTCHA_SCENE];

export const CAPTCHA_SCENES: readonly CaptchaScene[] = Object.values(CAPTCHA_SCENE);

export function isCaptchaScene(value: number): value is CaptchaScene {
  return (CAPTCHA_SCENES as readonly number[]).includes(value);
}

/** The user actions that can ask for a captcha; the site decides the login scene. */
export type CaptchaFlow = 'login' | 'register' | 'thirdParty' | 'tradingTool' | 'migration';

/** The scene a flow verifies on a site: Turkey and the EU have their own login scenes. */
export function captchaSceneFor(flow: CaptchaFlow, site: SiteId): CaptchaScene {
  switch (flow) {
    case 'login':
      if (site === 'TUR') return CAPTCHA_SCENE.TURKEY_LOGIN;
      if (site === 'EU') return CAPTCHA_SCENE.EU_LOGIN;
      return CAPTCHA_SCENE.LOGIN;
    case 'register':
      return CAPTCHA_SCENE.REGISTER;
    case 'thirdParty':
      return CAPTCHA_SCENE.THIRD_PARTY;
    case 'tradingTool':
      return CAPTCHA_SCENE.TRADING_TOOL;
    case 'migration':
      return CAPTCHA_SCENE.MIGRATION;
  }
}

/**
 * Scenes that require a captcha unless configured otherwise (server `CAPTCHA_REQUIRED_SCENES`):
 * login on every site, sign-up, third-party login.
 */
export const DEFAULT_REQUIRED_CAPTCHA_SCENES: readonly CaptchaScene[] = [
  CAPTCHA_SCENE.LOGIN,
  CAPTCHA_SCENE.TURKEY_LOGIN,
  CAPTCHA_SCENE.EU_LOGIN,
  CAPTCHA_SCENE.REGISTER,
  CAPTCHA_SCENE.THIRD_PARTY,
];
