import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from './config.js';
import { captchaSecretFile } from '../modules/captcha/captcha-secret.js';
import {
  PASSWORD_KEY_ENVIRONMENTS,
  parsePrivateKey,
  passwordKeyFile,
} from '../modules/password/password-keys.js';
import { botTokenFile } from '../modules/telegram/telegram-bot-token.js';
import { twoFactorKeyFile } from '../modules/two-factor/two-factor-key.js';

export interface SecretFindings {
  /** Secrets that protect accounts: the server must not start with them. */
  refuse: string[];
  /** Secrets that work but should be replaced: the server starts and says so. */
  warn: string[];
}

async function readKept(file: string): Promise<string | null> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

const where = (config: AppConfig, file: string) => `DATA_DIR/${path.relative(config.dataDir, file)}`;

/**
 * Production secrets that are development's: equal to what a development run generated into
 * DATA_DIR/keys, i.e. copied from there into the environment. Which secrets must be configured at
 * all is loadConfig's business; this only reads the files, so it runs at start, not in loadConfig.
 *
 * - The Telegram bot token development generates belongs to no real bot: Telegram never signs with
 *   it, so the only data it would accept is forged, by whoever has the token or ran the simulator
 *   with it. Refused.
 * - A generated password transport key or captcha key works, but has lived in a development data
 *   folder (backups, copies, a laptop): started with a warning to replace it.
 */
export async function productionSecretFindings(config: AppConfig): Promise<SecretFindings> {
  const found: SecretFindings = { refuse: [], warn: [] };
  if (config.nodeEnv !== 'production') return found;

  const token = config.telegram.botToken;
  const tokenFile = botTokenFile(config.dataDir);
  if (token !== null && token === (await readKept(tokenFile))) {
    found.refuse.push(
      `TELEGRAM_BOT_TOKEN is the token development generated for the Telegram simulator (${where(config, tokenFile)}); ` +
        'no real bot has it, and whoever has it can sign in as any Telegram-bound account. Set the ' +
        "bot's token from @BotFather, or unset it to turn Telegram off.",
    );
  }

  for (const env of PASSWORD_KEY_ENVIRONMENTS) {
    const pem = config.passwordKeys[env];
    if (!pem) continue;
    const file = passwordKeyFile(config.dataDir, env);
    const kept = await readKept(file);
    if (kept === null) continue;
    let same = false;
    try {
      same = parsePrivateKey(pem, env).equals(parsePrivateKey(kept, file));
    } catch {
      continue; // an unreadable key is reported where keys are loaded
    }
    if (same) {
      found.warn.push(
        `PASSWORD_RSA_PRIVATE_KEY_${env.toUpperCase()} is the key a development run generated (${where(config, file)}); ` +
          'generate a fresh one for production: openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048',
      );
    }
  }

  const hmacKey = config.captcha.altcha.hmacKey;
  const captchaFile = captchaSecretFile(config.dataDir);
  if (hmacKey !== null && hmacKey === (await readKept(captchaFile))) {
    found.warn.push(
      `CAPTCHA_HMAC_KEY is the key a development run generated (${where(config, captchaFile)}); ` +
        'generate a fresh one for production: openssl rand -hex 32',
    );
  }

  const twoFactorKey = config.twoFactor.key;
  const twoFactorFile = twoFactorKeyFile(config.dataDir);
  if (twoFactorKey !== null && twoFactorKey === (await readKept(twoFactorFile))) {
    found.warn.push(
      `TWO_FACTOR_KEY is the key a development run generated (${where(config, twoFactorFile)}); ` +
        'generate a fresh one for production before any authenticator is bound (changing it later ' +
        'voids every bound authenticator): openssl rand -hex 32',
    );
  }
  return found;
}
