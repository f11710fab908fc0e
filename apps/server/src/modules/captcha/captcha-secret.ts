import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where a generated ALTCHA HMAC secret is kept under DATA_DIR. */
export function captchaSecretFile(dataDir: string): string {
  return path.join(dataDir, 'keys', 'captcha-hmac.key');
}

// Tests build many apps in one process; one secret for all of them is enough.
let memorySecret: string | undefined;

/**
 * The HMAC secret that signs challenges: the configured one, else the one kept under DATA_DIR
 * (0600), else a new one written there. Instances must share it (configure it, or share
 * DATA_DIR), or a challenge issued by one cannot be verified by another.
 */
export async function loadCaptchaSecret(options: {
  configured: string | null;
  dataDir: string | null;
}): Promise<string> {
  if (options.configured) return options.configured;
  if (options.dataDir === null) return (memorySecret ??= crypto.randomBytes(32).toString('hex'));
  const file = captchaSecretFile(options.dataDir);
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

/** A separate secret per purpose, so one leaking (or being misused) says nothing of the other. */
export function deriveSecret(master: string, purpose: string): string {
  return crypto.createHmac('sha256', master).update(`gatehouse-captcha:${purpose}`).digest('hex');
}
