import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Env } from '../config/index.js';
import { generateBotToken } from '../modules/telegram/telegram-bot-token.js';

let cached: { pems: [string, string, string]; hmac: string; twoFactor: string; botToken: string } | undefined;

const pem = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

/**
 * The shared keys loadConfig requires in production and with PostgreSQL or Redis (SHARED_KEYS in
 * config.ts), made once per test process: every app a test builds then agrees on them, as the
 * instances of a deployment must. Production gets no bot token (Telegram off) unless a test sets one.
 */
export function testSharedKeys(nodeEnv: string | undefined = 'test'): Env {
  cached ??= {
    // One per environment, as in a deployment: a password encrypted for testnet must not open prod.
    pems: [pem(), pem(), pem()],
    hmac: randomBytes(32).toString('hex'),
    twoFactor: randomBytes(32).toString('hex'),
    botToken: generateBotToken(),
  };
  return {
    PASSWORD_RSA_PRIVATE_KEY_PROD: cached.pems[0],
    PASSWORD_RSA_PRIVATE_KEY_TESTNET: cached.pems[1],
    PASSWORD_RSA_PRIVATE_KEY_TEST: cached.pems[2],
    CAPTCHA_HMAC_KEY: cached.hmac,
    TWO_FACTOR_KEY: cached.twoFactor,
    ...(nodeEnv === 'production' ? {} : { TELEGRAM_BOT_TOKEN: cached.botToken }),
  };
}

/** Whether loadConfig will ask this environment for the shared keys (mirrors sharedKeysRequiredBecause). */
export function needsSharedKeys(env: Env): boolean {
  return (
    env['NODE_ENV'] === 'production' ||
    /^postgres(ql)?:\/\//.test(env['DATABASE_URL'] ?? '') ||
    Boolean(env['REDIS_URL'])
  );
}
