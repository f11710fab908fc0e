import crypto from 'node:crypto';
import {
  RetCode,
  type CaptchaInfo,
  type CaptchaRequirement,
  type CaptchaResult,
  type CaptchaScene,
  type CaptchaVendorScripts,
  type OldCaptchaType,
  type SiteId,
} from '@gatehouse/contract';
import type { Challenge } from 'altcha-lib';
import { ApiError } from '../../lib/api-error.js';
import type { KvStore } from '../../plugins/kv.js';
import type { Altcha } from './altcha.js';
import type { CaptchaConfig } from './captcha-config.js';
import type { VendorContext, VendorVerdict, VendorVerifier } from './vendors/vendor-verifier.js';

/** A vendor token's single-use mark outlives any vendor's own ticket lifetime (minutes). */
const VENDOR_TOKEN_TTL_MS = 30 * 60_000;

export interface CaptchaService {
  /** Whether `scene` needs a captcha on `site` (CAPTCHA_ENABLED, CAPTCHA_REQUIRED_SCENES). */
  isRequired(scene: CaptchaScene, site: SiteId): boolean;
  /** The same, for every scene: the web config entry `captcha_required`. */
  requirement(site: SiteId): CaptchaRequirement;
  /** A new ALTCHA challenge for `scene`; 30005 when the self-hosted captcha is switched off. */
  issueChallenge(scene: CaptchaScene): Promise<Challenge>;
  /** Accepts a result once for `scene`, or throws the ApiError that says why not. */
  verify(result: CaptchaResult, scene: CaptchaScene, ctx: VendorContext): Promise<void>;
  /** Behavioural-puzzle parameters; `success` 0 when Geetest is not configured (the client falls back). */
  captchaInfo(): CaptchaInfo;
  /** Script URLs and public keys of the vendors this server can verify: web config `captcha_vendor_scripts`. */
  vendorScripts(): CaptchaVendorScripts;
}

export interface CaptchaServiceDeps {
  config: CaptchaConfig;
  altcha: Altcha;
  kv: KvStore;
  vendors: Partial<{ [T in OldCaptchaType]: VendorVerifier<T> }>;
  now?: () => number;
}

const usedKey = (kind: string, token: string) =>
  `captcha:used:${kind}:${crypto.createHash('sha256').update(token).digest('hex')}`;

const VENDOR_CODES: Record<Exclude<VendorVerdict, 'ok'>, ApiError['code']> = {
  invalid: RetCode.CaptchaInvalid,
  unavailable: RetCode.CaptchaUnavailable,
};

export function createCaptchaService(deps: CaptchaServiceDeps): CaptchaService {
  const { config, altcha, kv, vendors } = deps;
  const now = deps.now ?? Date.now;

  const isRequired = (scene: CaptchaScene, site: SiteId) =>
    config.enabled &&
    config.required.some((r) => r.scene === scene && (r.sites === null || r.sites.includes(site)));

  async function markUsed(kind: string, token: string, ttlMs: number): Promise<void> {
    const fresh = await kv.add(usedKey(kind, token), '1', Math.max(1, Math.ceil(ttlMs)));
    if (!fresh) throw new ApiError(RetCode.CaptchaReplayed);
  }

  type VendorResult = Exclude<CaptchaResult, { type: 'magpie' }>;

  /** The verifier of the result's type, as one pair so the type narrowing carries over. */
  function check(
    result: VendorResult,
    ctx: VendorContext,
  ): { token: string; run: () => Promise<VendorVerdict> } | null {
    switch (result.type) {
      case 'geetest': {
        const v = vendors.geetest;
        return v ? { token: v.tokenOf(result), run: () => v.verify(result, ctx) } : null;
      }
      case 'tencent': {
        const v = vendors.tencent;
        return v ? { token: v.tokenOf(result), run: () => v.verify(result, ctx) } : null;
      }
      case 'recaptcha': {
        const v = vendors.recaptcha;
        return v ? { token: v.tokenOf(result), run: () => v.verify(result, ctx) } : null;
      }
    }
  }

  async function verifyVendor(result: VendorResult, ctx: VendorContext): Promise<void> {
    const vendor = check(result, ctx);
    if (!vendor) throw new ApiError(RetCode.CaptchaUnavailable);
    // Refuse a replay before asking the vendor again; a failed check frees nothing (the vendor burns tickets too).
    await markUsed(result.type, vendor.token, VENDOR_TOKEN_TTL_MS);
    const verdict = await vendor.run();
    if (verdict !== 'ok') throw new ApiError(VENDOR_CODES[verdict]);
  }

  return {
    isRequired,
    requirement(site) {
      const scenes = [...new Set(config.required.map((r) => r.scene))].filter((s) => isRequired(s, site));
      return { enabled: config.enabled, scenes };
    },
    async issueChallenge(scene) {
      if (!config.altcha.enabled) throw new ApiError(RetCode.CaptchaUnavailable);
      return altcha.issue(scene);
    },
    async verify(result, scene, ctx) {
      if (result.type !== 'magpie') return verifyVendor(result, ctx);
      if (!config.altcha.enabled) throw new ApiError(RetCode.CaptchaUnavailable);
      // The scene the client claims must be this request's before any work is spent on it.
      if (result.magpie_verify_info.scene !== scene) throw new ApiError(RetCode.CaptchaSceneMismatch);
      const verdict = await altcha.verify(result.magpie_verify_info.token, scene);
      if (!verdict.ok) {
        if (verdict.reason === 'expired') throw new ApiError(RetCode.CaptchaExpired);
        if (verdict.reason === 'wrong-scene') throw new ApiError(RetCode.CaptchaSceneMismatch);
        throw new ApiError(RetCode.CaptchaInvalid);
      }
      // Keyed on the signed challenge, not the token text: re-encoding the same solution is still a replay.
      await markUsed('magpie', verdict.challengeId, verdict.expiresAtMs - now() + 60_000);
    },
    captchaInfo() {
      const geetest = config.geetest;
      // v4 needs no registered challenge; a random one keeps the spec's shape and lets the page tell attempts apart.
      return geetest
        ? {
            gt: geetest.captchaId,
            challenge: crypto.randomUUID().replaceAll('-', ''),
            sGt: '',
            sChallenge: '',
            success: 1,
            newCaptcha: true,
          }
        : { gt: '', challenge: '', sGt: '', sChallenge: '', success: 0, newCaptcha: true };
    },
    vendorScripts() {
      const out: CaptchaVendorScripts = {};
      if (config.geetest) out.geetest = { url: config.geetest.scriptUrl };
      if (config.tencent) out.tencent = { url: config.tencent.scriptUrl, siteKey: config.tencent.appId };
      if (config.recaptcha)
        out.recaptcha = { url: config.recaptcha.scriptUrl, siteKey: config.recaptcha.siteKey };
      return out;
    },
  };
}
