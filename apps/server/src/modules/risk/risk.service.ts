import { createHash } from 'node:crypto';
import { isBlockedCountry, type RiskInterceptResult } from '@gatehouse/contract';
import { createAttemptLimiter } from '../../lib/attempt-limiter.js';
import type { KvOp, KvStore, KvWriteOp } from '../../plugins/kv.js';
import type { KvAnswer } from '../../lib/attempt-limiter.js';

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

/** A counted login attempt from one address: report how it ended. */
export interface RiskAttempt {
  /**
   * True when a correct password should still be followed by a login code: recent failures (or
   * attempts in flight) from this address or device, read with the count, before this attempt.
   */
  readonly stepUp: boolean;
  succeeded(): Promise<void>;
  /** What succeeded() writes, for a caller that writes it together with its own rows (ADR 0021). */
  successWrites(): KvWriteOp[];
  /** A wrong password or code: counts against the address and the device. */
  failed(): Promise<void>;
}

/** `also`: the answers of the caller's operations sent with the count (beginAttempt's `also`). */
export type RiskGate = (
  { allowed: true; attempt: RiskAttempt } | { allowed: false; retryAfterMs: number }
) & {
  also: KvAnswer[];
};

export interface RiskService {
  readonly policy: Readonly<RiskPolicy>;
  /**
   * Count a login check (password or code) from this address before it runs: past the limit it is
   * refused (31018) without being checked, whatever number of requests run in parallel. The
   * address's lock and the device's failures are read in the same round trip (`stepUp`), and the
   * caller's `also` operations run in it too (the login's replay check), answered in `also`.
   */
  beginAttempt(
    input: Pick<RiskInput, 'ip' | 'deviceId'>,
    now: number,
    also?: readonly KvOp[],
  ): Promise<RiskGate>;
  /** The login page's pre-check (`risk/default-intercept`, scene 30002). */
  intercept(input: RiskInput, now: number): Promise<RiskInterceptResult>;
}

/** Client-chosen strings become fixed-length keys: nothing long or odd reaches the store. */
const keyPart = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

export function createRiskService(
  kv: KvStore,
  policy: Readonly<RiskPolicy> = DEFAULT_RISK_POLICY,
): RiskService {
  // Many people can share an address: a success gives its attempt back rather than clearing
  // the failures others made there.
  const perAddress = createAttemptLimiter(kv, 'risk-ip', {
    limit: policy.ipFailureLimit,
    windowMs: policy.ipWindowMs,
    lockMs: policy.ipWindowMs,
    onSuccess: 'refund',
  });
  const deviceCount = (id: string) => `risk:dev-fail:${keyPart(id)}`;
  const count = async (key: string) => Number((await kv.get(key)) ?? 0);

  return {
    policy,
    async beginAttempt({ ip, deviceId }, now, also = []) {
      const gate = await perAddress.begin(keyPart(ip), now, [
        ...also,
        ...(deviceId ? [{ op: 'get' as const, key: deviceCount(deviceId) }] : []),
      ]);
      const callers = gate.also.slice(0, also.length);
      if (!gate.allowed) return { allowed: false, retryAfterMs: gate.lockedUntil - now, also: callers };
      // The count includes this attempt; the others are failures and attempts in flight.
      const others = gate.attempt.number - 1;
      const deviceFailures = Number(gate.also[also.length] ?? 0);
      return {
        allowed: true,
        also: callers,
        attempt: {
          stepUp: others >= policy.stepUpAfterFailures || deviceFailures >= policy.stepUpAfterFailures,
          succeeded: () => gate.attempt.succeeded(),
          successWrites: () => gate.attempt.successWrites(),
          async failed() {
            await gate.attempt.failed();
            if (deviceId) await kv.incr(deviceCount(deviceId), policy.deviceWindowMs);
          },
        },
      };
    },
    async intercept({ ip, deviceId, country }, now) {
      if (country && isBlockedCountry(country)) return { intercept: true, reason: 'blocked_country' };
      if ((await perAddress.lockedUntil(keyPart(ip), now)) !== null)
        return { intercept: true, reason: 'ip_limit' };
      if (deviceId && (await count(deviceCount(deviceId))) >= policy.deviceFailureLimit)
        return { intercept: true, reason: 'device_failures' };
      return { intercept: false };
    },
  };
}
