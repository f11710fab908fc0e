import crypto from 'node:crypto';
import path from 'node:path';
import { loadKeptSecret } from '../../lib/kept-secret.js';

/** Where a generated 2FA master key is kept under DATA_DIR. */
export function twoFactorKeyFile(dataDir: string): string {
  return path.join(dataDir, 'keys', 'two-factor.key');
}

/**
 * The master key of the authenticator secrets and backup codes: the configured one (TWO_FACTOR_KEY),
 * else the one kept under DATA_DIR (0600), else a new one written there. Instances must share it
 * (configure it, or share DATA_DIR): a secret one instance sealed is opened by another. Losing it
 * makes every bound authenticator and backup code unusable (users then remove 2FA by e-mail).
 */
export async function loadTwoFactorKey(options: { configured: string | null; dataDir: string | null }) {
  return loadKeptSecret({
    name: 'two-factor',
    configured: options.configured,
    file: options.dataDir === null ? null : twoFactorKeyFile(options.dataDir),
  });
}

/** The keys derived from the master key, one per purpose (a leak of one says nothing of the other). */
export interface TwoFactorKeys {
  /** AES-256-GCM key of the authenticator secrets. */
  secretKey: Buffer;
  /** HMAC-SHA-256 key of the backup codes. */
  backupKey: Buffer;
}

export function deriveTwoFactorKeys(master: string): TwoFactorKeys {
  const derive = (purpose: string) =>
    crypto.createHmac('sha256', master).update(`gatehouse-2fa:${purpose}`).digest();
  return { secretKey: derive('secret-encryption'), backupKey: derive('backup-codes') };
}
