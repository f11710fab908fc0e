import crypto from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id parameters. The floor is OWASP's minimum for argon2id (m=19456 KiB, t=2, p=1);
 * configuration may only raise them (ARGON2_MEMORY_KIB, ARGON2_TIME_COST, ARGON2_PARALLELISM).
 */
export interface Argon2Params {
  memoryKib: number;
  timeCost: number;
  parallelism: number;
}

export const ARGON2_MINIMUM: Readonly<Argon2Params> = { memoryKib: 19_456, timeCost: 2, parallelism: 1 };

export interface PasswordHasher {
  /** A PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) with a fresh random salt. */
  hash(plain: string): Promise<string>;
  /** Constant-time comparison inside argon2; false (never a throw) for a malformed hash. */
  verify(hash: string, plain: string): Promise<boolean>;
  /**
   * Costs the same as verifying a real hash, and is always false. Call it when the account does
   * not exist, so that an unknown account answers as slowly as a wrong password.
   */
  verifyDummy(plain: string): Promise<false>;
  /** True when the hash is not argon2id with the current parameters: re-hash after a good login. */
  needsRehash(hash: string): boolean;
  readonly params: Readonly<Argon2Params>;
}

/** Raises any parameter below the OWASP minimum to it. */
export function effectiveParams(requested: Partial<Argon2Params> = {}): Argon2Params {
  return {
    memoryKib: Math.max(ARGON2_MINIMUM.memoryKib, requested.memoryKib ?? 0),
    timeCost: Math.max(ARGON2_MINIMUM.timeCost, requested.timeCost ?? 0),
    parallelism: Math.max(ARGON2_MINIMUM.parallelism, requested.parallelism ?? 0),
  };
}

// A const enum cannot be read under verbatimModuleSyntax; this is its Argon2id member's value.
const ARGON2ID: Algorithm.Argon2id = 2;

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

export function createPasswordHasher(requested: Partial<Argon2Params> = {}): PasswordHasher {
  const params = effectiveParams(requested);
  const options = {
    algorithm: ARGON2ID,
    memoryCost: params.memoryKib,
    timeCost: params.timeCost,
    parallelism: params.parallelism,
  };
  const hash = (plain: string) => argon2Hash(plain, options);

  const verify = async (stored: string, plain: string): Promise<boolean> => {
    try {
      return await argon2Verify(stored, plain);
    } catch {
      return false;
    }
  };

  // Made once, lazily, with the current parameters, from a secret nobody knows.
  let dummy: Promise<string> | undefined;

  return {
    params,
    hash,
    verify,
    async verifyDummy(plain) {
      dummy ??= hash(crypto.randomBytes(32).toString('base64'));
      await verify(await dummy, plain);
      return false;
    },
    needsRehash(stored) {
      const m = PHC.exec(stored);
      if (!m) return true;
      return (
        Number(m[1]) !== params.memoryKib ||
        Number(m[2]) !== params.timeCost ||
        Number(m[3]) !== params.parallelism
      );
    },
  };
}
