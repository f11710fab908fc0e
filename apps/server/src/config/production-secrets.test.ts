import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captchaSecretFile } from '../modules/captcha/captcha-secret.js';
import { passwordKeyFile } from '../modules/password/password-keys.js';
import { botTokenFile, generateBotToken } from '../modules/telegram/telegram-bot-token.js';
import { twoFactorKeyFile } from '../modules/two-factor/two-factor-key.js';
import { loadConfig, type AppConfig, type Env } from './index.js';
import { productionSecretFindings } from './production-secrets.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gatehouse-prod-secrets-'));
  await fs.mkdir(path.join(dataDir, 'keys'));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/**
 * A production configuration over `dataDir`. Read as development and then switched, so that this
 * test does not depend on which variables production requires (loadConfig's business).
 */
function production(env: Env): AppConfig {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', DATA_DIR: dataDir, ...env });
  return { ...config, nodeEnv: 'production' };
}

const pem = (): string =>
  crypto
    .generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

describe('production secrets that are development-generated', () => {
  it('refuses the Telegram simulator bot token generated into DATA_DIR/keys', async () => {
    const token = generateBotToken();
    await fs.writeFile(botTokenFile(dataDir), `${token}\n`);
    const found = await productionSecretFindings(production({ TELEGRAM_BOT_TOKEN: token }));
    expect(found.refuse).toHaveLength(1);
    expect(found.refuse[0]).toContain('TELEGRAM_BOT_TOKEN');
    expect(found.refuse[0]).toContain('DATA_DIR/keys/telegram-bot-token');
    expect(found.refuse[0]).not.toContain(token);
  });

  it('accepts another token, and says nothing without a kept file', async () => {
    await fs.writeFile(botTokenFile(dataDir), `${generateBotToken()}\n`);
    expect(await productionSecretFindings(production({ TELEGRAM_BOT_TOKEN: generateBotToken() }))).toEqual({
      refuse: [],
      warn: [],
    });
    await fs.rm(botTokenFile(dataDir));
    expect(await productionSecretFindings(production({ TELEGRAM_BOT_TOKEN: generateBotToken() }))).toEqual({
      refuse: [],
      warn: [],
    });
  });

  it('warns about a password key or captcha key copied from DATA_DIR/keys', async () => {
    const key = pem();
    const hmac = crypto.randomBytes(32).toString('hex');
    await fs.writeFile(passwordKeyFile(dataDir, 'prod'), key);
    await fs.writeFile(passwordKeyFile(dataDir, 'test'), pem());
    await fs.writeFile(captchaSecretFile(dataDir), hmac);
    const found = await productionSecretFindings(
      production({
        // One-line form, as env files hold it: the same key.
        PASSWORD_RSA_PRIVATE_KEY_PROD: key.replaceAll('\n', '\\n'),
        PASSWORD_RSA_PRIVATE_KEY_TEST: pem(),
        CAPTCHA_HMAC_KEY: hmac,
      }),
    );
    expect(found.refuse).toEqual([]);
    expect(found.warn).toHaveLength(2);
    expect(found.warn[0]).toContain('PASSWORD_RSA_PRIVATE_KEY_PROD');
    expect(found.warn[1]).toContain('CAPTCHA_HMAC_KEY');
    expect(found.warn.join('\n')).not.toContain(hmac);
  });

  it('warns about a 2FA key copied from DATA_DIR/keys, naming neither value', async () => {
    const key = crypto.randomBytes(32).toString('hex');
    await fs.mkdir(path.dirname(twoFactorKeyFile(dataDir)), { recursive: true });
    await fs.writeFile(twoFactorKeyFile(dataDir), key);
    const found = await productionSecretFindings(production({ TWO_FACTOR_KEY: key }));
    expect(found.refuse).toEqual([]);
    expect(found.warn).toHaveLength(1);
    expect(found.warn[0]).toContain('TWO_FACTOR_KEY');
    expect(found.warn[0]).not.toContain(key);
    const other = await productionSecretFindings(
      production({ TWO_FACTOR_KEY: crypto.randomBytes(32).toString('hex') }),
    );
    expect(other.warn).toEqual([]);
  });

  it('leaves development alone: it generated them', async () => {
    const token = generateBotToken();
    await fs.writeFile(botTokenFile(dataDir), `${token}\n`);
    const config = loadConfig({
      DATABASE_URL: 'sqlite::memory:',
      DATA_DIR: dataDir,
      TELEGRAM_BOT_TOKEN: token,
    });
    expect(await productionSecretFindings(config)).toEqual({ refuse: [], warn: [] });
  });
});
