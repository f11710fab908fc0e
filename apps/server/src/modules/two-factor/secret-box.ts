import crypto from 'node:crypto';

/**
 * Authenticator secrets at rest: AES-256-GCM with a random 96-bit IV, the account id as associated
 * data (a sealed secret copied to another account's row does not open). Stored as
 * `v1.<iv>.<ciphertext>.<tag>` in base64url; the version leaves room for a key rotation.
 */
const VERSION = 'v1';

export function seal(key: Buffer, plain: string, userId: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plain text, or null when the box is not ours (another key, another account, or tampered). */
export function open(key: Buffer, box: string, userId: string): string | null {
  const [version, iv, sealed, tag, ...rest] = box.split('.');
  if (version !== VERSION || !iv || sealed === undefined || !tag || rest.length) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
