import { WEB_CONFIG_KEY, type CaptchaRequirement, type CaptchaVendorScripts } from '@gatehouse/contract';
import { fetchWebConfig } from '../../web-config/fetch-web-config';

export interface CaptchaWebConfig {
  /** The raw `captcha_scene_config` value; `sceneConfigFrom` reads one scene with defaults. */
  sceneConfig: unknown;
  vendorScripts: CaptchaVendorScripts;
  /** Null when unknown (the call failed): then every scene is treated as required. */
  required: CaptchaRequirement | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `webConfig` for the captcha entries (one cached call with the other entries: fetch-web-config.ts). Defaults on failure, and
 * silently: a failed config call must never stop the form, the defaults try the self-hosted captcha.
 */
export async function fetchCaptchaConfig(): Promise<CaptchaWebConfig> {
  const values = await fetchWebConfig();
  const scripts = values.get(WEB_CONFIG_KEY.CAPTCHA_VENDOR_SCRIPTS);
  const required = values.get(WEB_CONFIG_KEY.CAPTCHA_REQUIRED);
  return {
    sceneConfig: values.get(WEB_CONFIG_KEY.CAPTCHA_SCENE_CONFIG),
    vendorScripts: isRecord(scripts) ? (scripts as CaptchaVendorScripts) : {},
    required:
      isRecord(required) && typeof required.enabled === 'boolean' && Array.isArray(required.scenes)
        ? (required as unknown as CaptchaRequirement)
        : null,
  };
}
