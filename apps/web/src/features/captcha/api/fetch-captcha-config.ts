import {
  RESPONSE_CACHE_TTL_MS,
  WEB_CONFIG_KEY,
  WEB_CONFIG_PATH,
  WEB_CONFIG_PROJECT,
  type CaptchaRequirement,
  type CaptchaVendorScripts,
} from '@gatehouse/contract';
import { api } from '../../../api';

export interface CaptchaWebConfig {
  /** The raw `captcha_scene_config` value; `sceneConfigFrom` reads one scene with defaults. */
  sceneConfig: unknown;
  vendorScripts: CaptchaVendorScripts;
  /** Null when unknown (the call failed): then every scene is treated as required. */
  required: CaptchaRequirement | null;
}

const KEYS = [
  WEB_CONFIG_KEY.CAPTCHA_SCENE_CONFIG,
  WEB_CONFIG_KEY.CAPTCHA_VENDOR_SCRIPTS,
  WEB_CONFIG_KEY.CAPTCHA_REQUIRED,
];

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `POST /v3/config/web` for the captcha entries (cached 60 s, spec §7). Defaults on failure, and
 * silently: a failed config call must never stop the form, the defaults try the self-hosted captcha.
 */
export async function fetchCaptchaConfig(): Promise<CaptchaWebConfig> {
  const values = new Map<string, unknown>();
  try {
    const envelope = await api.post<{ data?: { name: string; value: unknown }[] }>(
      WEB_CONFIG_PATH,
      { project_name: WEB_CONFIG_PROJECT, keys: KEYS },
      { useCache: true, ttl: RESPONSE_CACHE_TTL_MS, hideError: true },
    );
    for (const entry of envelope?.result.data ?? []) values.set(entry.name, entry.value);
  } catch {
    // Defaults below.
  }
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
