/**
 * Encrypts a password for the sign-up, login and reset calls (spec §3, §9: "encrypted with a public
 * key plus timestamp, per environment"). The plain password never leaves the browser.
 *
 * Format (decrypted by apps/server/src/modules/password/password-transport.ts; keep in step):
 *   encrypt_password = base64( 0x01 | RSA-OAEP-SHA256(k) | iv (12 bytes) | AES-256-GCM_k(utf8(password + timestamp)) )
 *   encrypt_timestamp = the same timestamp, epoch milliseconds as 13 digits
 * The RSA key only wraps a fresh AES key: RSA-OAEP alone carries at most 190 bytes with a
 * 2048-bit key, too little for the 128 characters the policy allows (up to 4 bytes each).
 * The timestamp inside the ciphertext lets the server refuse stale and replayed submissions.
 */

export interface EncryptedPasswordFields {
  encrypt_password: string;
  encrypt_timestamp: string;
}

/** First byte of the payload, so the format can change without guessing. */
export const PASSWORD_ENVELOPE_VERSION = 1;

const rsaParams = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list small.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

// Importing the same key again for every submit is wasted work; one page uses one key.
let cachedKey: { spki: string; key: Promise<CryptoKey> } | undefined;

function importPublicKey(subtle: SubtleCrypto, spkiBase64: string): Promise<CryptoKey> {
  if (cachedKey?.spki !== spkiBase64) {
    const key = subtle.importKey('spki', base64ToBytes(spkiBase64), rsaParams, false, ['encrypt']);
    cachedKey = { spki: spkiBase64, key };
    // A bad key must not stay cached.
    key.catch(() => {
      if (cachedKey?.key === key) cachedKey = undefined;
    });
  }
  return cachedKey.key;
}

/**
 * @param publicKeySpkiBase64 the environment's public key, from the page bootstrap (`passwordKey`)
 * @param now epoch milliseconds; tests pass a fixed value
 */
export async function encryptPassword(
  password: string,
  publicKeySpkiBase64: string,
  now: number = Date.now(),
): Promise<EncryptedPasswordFields> {
  const subtle = globalThis.crypto?.subtle;
  // Web Crypto exists only in secure contexts (https, localhost and *.localhost).
  if (!subtle) throw new Error('Web Crypto is not available: the page must be served over https');

  const timestamp = String(Math.floor(now));
  const rsaKey = await importPublicKey(subtle, publicKeySpkiBase64);
  const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const wrappedKey = new Uint8Array(
    await subtle.encrypt({ name: 'RSA-OAEP' }, rsaKey, await subtle.exportKey('raw', aesKey)),
  );
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, new TextEncoder().encode(password + timestamp)),
  );

  const payload = new Uint8Array(1 + wrappedKey.length + iv.length + sealed.length);
  payload[0] = PASSWORD_ENVELOPE_VERSION;
  payload.set(wrappedKey, 1);
  payload.set(iv, 1 + wrappedKey.length);
  payload.set(sealed, 1 + wrappedKey.length + iv.length);
  return { encrypt_password: bytesToBase64(payload), encrypt_timestamp: timestamp };
}
