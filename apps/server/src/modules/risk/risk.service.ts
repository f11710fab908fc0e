import { createHash } from 'node:crypto';
import { isBlockedCountry, type RiskInterceptResult } from '@gatehouse/contract';
import type { KvStore } from '../../plugins/kv.js';

/**
 * Login risk (spec §1 "A risk check runs at login"): counters of failed logins per client
 * address and per device fingerprint (`tx-id`), kept in the shared kv store so every instance
 * sees the same numbers. Numbers and reasons: docs/flows/login.md.
 */
export interface RiskPolicy {
  /** Failed logins from one address within `ipWindowMs` before login from it is refused (31018). */
  ipFailureLimit: number;
  ipWindowMs: number;
  /** Failed logins from one device fingerprint within `deviceWindowMs` before the page is intercepted. */
  deviceFailureLimit: number;
  deviceWindowMs: number;
  /**
   * From this many recent failures (address or device) a correct password still needs a login
   * code, even on a known device: someone may have been guessing.
   */
  stepUpAfterFailures: number;
}

export const DEFAULT_RISK_POLICY: Readonly<RiskPolicy> = {
  ipFailureLimit: 20,
  ipWindowMs: 15 * 60_000,
  deviceFailureLimit: 10,
  deviceWindowMs: 15 * 60_000,
  stepUpAfterFailures: 3,
};

export interface RiskInput {
  ip: string;
  /** The `tx-id` header (device fingerprint), when sent. */
  deviceId: string | null;
  /** ISO country of the client from the trusted proxy header, when known. */
  country: string | null;
}

export interface RiskService {
  readonly policy: Readonly<RiskPolicy>;
  /** Milliseconds until the address may try again, or 0 when it is not blocked. */
  ipBlockedForMs(ip: string, now: number): Promise<number>;
  /** Count one failed login (wrong password or wrong login code). */
  recordLoginFailure(input: Pick<RiskInput, 'ip' | 'deviceId'>, now: number): Promise<void>;
  /** The login page's pre-check (`risk/default-intercept`, scene 30002). */
  intercept(input: RiskInput, now: number): Promise<RiskInterceptResult>;
  /** True when a correct password should still be followed by a login code. */
  needsStepUp(input: Pick<RiskInput, 'ip' | 'deviceId'>): Promise<boolean>;
}

/** Client-chosen strings become fixed-length keys: nothing long or odd reaches the store. */
const keyPart = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

export function createRiskService(
  kv: KvStore,
  policy: Readonly<RiskPolicy> = DEFAULT_RISK_POLICY,
): RiskService {
  const ipCount = (ip: string) => `risk:ip-fail:${keyPart(ip)}`;
  const ipBlock = (ip: string) => `risk:ip-block:${keyPart(ip)}`;
  const deviceCount = (id: string) => `risk:dev-fail:${keyPart(id)}`;
  const count = async (key: string) => Number((await kv.get(key)) ?? 0);

  const ipBlockedForMs = async (ip: string, now: number) => {
    // The block holds its own end time, so the answer can say when to come back.
    const until = Number((await kv.get(ipBlock(ip))) ?? 0);
    return until > now ? until - now : 0;
  };

  return {
    policy,
    ipBlockedForMs,
    async recordLoginFailure({ ip, deviceId }, now) {
      const n = await kv.incr(ipCount(ip), policy.ipWindowMs);
      if (n >= policy.ipFailureLimit) {
        await kv.set(ipBlock(ip), String(now + policy.ipWindowMs), policy.ipWindowMs);
        // A fresh window starts once the block ends.
        await kv.del(ipCount(ip));
      }
      if (deviceId) await kv.incr(deviceCount(deviceId), policy.deviceWindowMs);
    },
    async intercept({ ip, deviceId, country }, now) {
      if (country && isBlockedCountry(country)) return { intercept: true, reason: 'blocked_country' };
      if ((await ipBlockedForMs(ip, now)) > 0) return { intercept: true, reason: 'ip_limit' };
      if (deviceId && (await count(deviceCount(deviceId))) >= policy.deviceFailureLimit)
        return { intercept: true, reason: 'device_failures' };
      return { intercept: false };
    },
    async needsStepUp({ ip, deviceId }) {
      if ((await count(ipCount(ip))) >= policy.stepUpAfterFailures) return true;
      return deviceId !== null && (await count(deviceCount(deviceId))) >= policy.stepUpAfterFailures;
    },
  };
}
