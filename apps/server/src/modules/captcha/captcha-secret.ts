import crypto from 'node:crypto';
import path from 'node:path';
import { loadKeptSecret } from '../../lib/kept-secret.js';

/** Where a generated ALTCHA HMAC secret is kept under DATA_DIR. */
export function captchaSecretFile(dataDir: string): string {
  return path.join(dataDir, 'keys', 'captcha-hmac.key');
}

/**
 * The HMAC secret that signs challenges: the configured one, else the one kept under DATA_DIR
 * (0600), else a new one written there. Instances must share it (configure it, or share
 * DATA_DIR), or a challenge issued by one cannot be verified by another.
 */
export async function loadCaptchaSecret(options: {
  configured: string | null;
  dataDir: string | null;
}): Promise<string> {
  return loadKeptSecret({
    name: 'captcha-hmac',
    configured: options.configured,
    file: options.dataDir === null ? null : captchaSecretFile(options.dataDir),
  });
}

/** A separate secret per purpose, so one leaking (or being misused) says nothing of the other. */
export function deriveSecret(master: string, purpose: string): string {
  return crypto.createHmac('sha256', master).update(`gatehouse-captcha:${purpose}`).digest('hex');
}
