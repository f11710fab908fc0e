import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Environment } from '@gatehouse/contract';

/** The environments that each have their own password key pair (spec §9). */
export const PASSWORD_KEY_ENVIRONMENTS = [
  'prod',
  'testnet',
  'test',
] as const satisfies readonly Environment[];

export type PasswordKeys = Readonly<Record<Environment, KeyObject>>;

/** 2048 bits: the RSA step only wraps an AES key, and decrypting stays well under a millisecond. */
export const GENERATED_KEY_BITS = 2048;

const generateKeyPair = promisify(crypto.generateKeyPair);

/** Where a generated key of `env` is kept under DATA_DIR. */
export function passwordKeyFile(dataDir: string, env: Environment): string {
  return path.join(dataDir, 'keys', `password-rsa-${env}.pem`);
}

/**
 * Accepts a PEM as configured: PKCS#8 or PKCS#1, and with `\n` written literally (one-line env files).
 * Throws when it is not an RSA private key of at least 2048 bits.
 */
export function parsePrivateKey(pem: string, label: string): KeyObject {
  let key: KeyObject;
  try {
    key = crypto.createPrivateKey(pem.includes('\\n') ? pem.replaceAll('\\n', '\n') : pem);
  } catch {
    // The message of createPrivateKey could echo part of the key; say only which one failed.
    throw new Error(`${label}: not a PEM private key`);
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < 2048) {
    throw new Error(`${label}: must be an RSA private key of at least 2048 bits`);
  }
  return key;
}

async function generateAndKeep(file: string): Promise<KeyObject> {
  const { privateKey } = await generateKeyPair('rsa', { modulusLength: GENERATED_KEY_BITS });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' });
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // `wx`: when another process (a second instance on the same DATA_DIR) wrote it first, use theirs.
    await fs.writeFile(file, pem, { mode: 0o600, flag: 'wx' });
    return privateKey;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return parsePrivateKey(await fs.readFile(file, 'utf8'), file);
  }
}

async function readKept(file: string): Promise<KeyObject | null> {
  try {
    return parsePrivateKey(await fs.readFile(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export interface LoadPasswordKeysOptions {
  /** PEMs from configuration (`PASSWORD_RSA_PRIVATE_KEY_<ENV>`); these win over kept files. */
  configured: Partial<Record<Environment, string>>;
  /**
   * Folder to keep generated keys in (DATA_DIR), or null to keep them in memory only (tests):
   * then a restart makes new keys and pages served before it can no longer submit passwords.
   */
  dataDir: string | null;
}

// Tests build many apps in one process; generating RSA keys for each would be slow.
const memoryKeys = new Map<Environment, Promise<KeyObject>>();

/**
 * One key pair per environment: the configured one, else one kept under DATA_DIR/keys (0600),
 * else a new one generated now and kept there. Several instances must share the keys (configure
 * them, or share DATA_DIR), or a password encrypted for one cannot be read by another.
 */
export async function loadPasswordKeys(options: LoadPasswordKeysOptions): Promise<PasswordKeys> {
  const entries = await Promise.all(
    PASSWORD_KEY_ENVIRONMENTS.map(async (env): Promise<[Environment, KeyObject]> => {
      const pem = options.configured[env];
      if (pem) return [env, parsePrivateKey(pem, `PASSWORD_RSA_PRIVATE_KEY_${env.toUpperCase()}`)];
      if (options.dataDir === null) {
        let key = memoryKeys.get(env);
        if (!key) {
          key = generateKeyPair('rsa', { modulusLength: GENERATED_KEY_BITS }).then((p) => p.privateKey);
          memoryKeys.set(env, key);
        }
        return [env, await key];
      }
      const file = passwordKeyFile(options.dataDir, env);
      return [env, (await readKept(file)) ?? (await generateAndKeep(file))];
    }),
  );
  return Object.fromEntries(entries) as Record<Environment, KeyObject>;
}
