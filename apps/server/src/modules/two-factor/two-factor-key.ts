import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where a generated 2FA master key is kept under DATA_DIR. */
export function twoFactorKeyFile(dataDir: string): string {
  return path.join(dataDir, 'keys', 'two-factor.key');
}

// Tests build many apps in one process; one key for all of them is enough.
let memoryKey: string | undefined;

/**
 * The master key of the authenticator secrets and backup codes: the configured one (TWO_FACTOR_KEY),
 * else the one kept under DATA_DIR (0600), else a new one written there. Instances must share it
 * (configure it, or share DATA_DIR): a secret one instance sealed is opened by another. Losing it
 * makes every bound authenticator and backup code unusable (users then remove 2FA by e-mail).
 */
export async function loadTwoFactorKey(options: { configured: string | null; dataDir: string | null }) {
  if (options.configured) return options.configured;
  if (options.dataDir === null) return (memoryKey ??= crypto.randomBytes(32).toString('hex'));
  const file = twoFactorKeyFile(options.dataDir);
  try {
    const kept = (await fs.readFile(file, 'utf8')).trim();
    if (kept.length >= 32) return kept;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const fresh = crypto.randomBytes(32).toString('hex');
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // `wx`: when another instance on the same DATA_DIR wrote it first, use theirs.
    await fs.writeFile(file, fresh, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await fs.readFile(file, 'utf8')).trim();
  }
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
