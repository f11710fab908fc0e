import { isOldCaptchaType, OLD_CAPTCHA_TYPES, type OldCaptchaType } from './captcha-result.js';
import type { CaptchaScene } from './captcha-scenes.js';

/**
 * Per-scene captcha configuration (spec §3), the value of web config `captcha_scene_config`
 * keyed by scene. Field names keep the spec's spelling, typos included, so stored config stays
 * compatible.
 */
export interface CaptchaSceneConfig {
  /** True: the new verification (self-hosted ALTCHA, "Magpie") first; false: the older flow. */
  completelyUseMagpieCatcha: boolean;
  /** True: devices whose Guid ends with a character of `guidTailList` take the older flow. */
  useDowngrade: boolean;
  guidTailList: string[];
  /** The older types the new flow falls back to, in order. */
  oldCapchaList: OldCaptchaType[];
}

export const DEFAULT_CAPTCHA_SCENE_CONFIG: Readonly<CaptchaSceneConfig> = Object.freeze({
  completelyUseMagpieCatcha: true,
  useDowngrade: false,
  guidTailList: [],
  oldCapchaList: [...OLD_CAPTCHA_TYPES],
});

/** Timings of the captcha flow (spec §9). */
export const CAPTCHA_TIMING = {
  /** Poll for a vendor script's global and for readiness. */
  POLL_MS: 200,
  /** The loading indicator clears after at most this; a script not loaded by then has failed. */
  LOADING_MAX_MS: 5_000,
  /** An older captcha that is not ready is shown again after this… */
  SHOW_RETRY_MS: 1_000,
  /** …at most this many times, then it counts as failed. */
  SHOW_RETRIES: 3,
} as const;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The config of one scene from the whole `captcha_scene_config` value, tolerant of stored data:
 * a missing scene or field takes the default, unknown captcha types are dropped.
 */
export function sceneConfigFrom(all: unknown, scene: CaptchaScene): CaptchaSceneConfig {
  const raw = isRecord(all) ? all[String(scene)] : undefined;
  const entry = isRecord(raw) ? raw : {};
  const d = DEFAULT_CAPTCHA_SCENE_CONFIG;
  return {
    completelyUseMagpieCatcha:
      typeof entry.completelyUseMagpieCatcha === 'boolean'
        ? entry.completelyUseMagpieCatcha
        : d.completelyUseMagpieCatcha,
    useDowngrade: typeof entry.useDowngrade === 'boolean' ? entry.useDowngrade : d.useDowngrade,
    guidTailList: Array.isArray(entry.guidTailList)
      ? entry.guidTailList.filter((t): t is string => typeof t === 'string')
      : [...d.guidTailList],
    oldCapchaList: Array.isArray(entry.oldCapchaList)
      ? [...new Set(entry.oldCapchaList.filter(isOldCaptchaType))]
      : [...d.oldCapchaList],
  };
}

/** A device takes the older flow when downgrade is on and its Guid's last character is listed. */
export function isDowngradedDevice(config: CaptchaSceneConfig, guid: string): boolean {
  if (!config.useDowngrade) return false;
  const tail = guid.slice(-1).toLowerCase();
  return tail !== '' && config.guidTailList.some((t) => t.toLowerCase() === tail);
}

/** Which flow a device runs for a scene (spec §4 "A dispatch picks newer or older flow"). */
export function captchaFlowKind(config: CaptchaSceneConfig, guid: string): 'new' | 'old' {
  return config.completelyUseMagpieCatcha && !isDowngradedDevice(config, guid) ? 'new' : 'old';
}
