import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config/index.js';

/** Where development keeps its generated bot token (beside the generated password keys). */
export function botTokenFile(dataDir: string): string {
  return path.join(dataDir, 'keys', 'telegram-bot-token');
}

/** The shape BotFather gives: `<bot id>:<35 characters>`. Only for local stand-ins: no real bot has it. */
export function generateBotToken(): string {
  return `${randomInt(1_000_000_000, 10_000_000_000)}:${randomBytes(26).toString('base64url').slice(0, 35)}`;
}

// Tests build many apps in one process; they share one generated token.
let testToken: string | null = null;

async function keptOrNew(file: string): Promise<string> {
  try {
    const kept = (await fs.readFile(file, 'utf8')).trim();
    if (/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/.test(kept)) return kept;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const token = generateBotToken();
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // `wx`: a second instance on the same DATA_DIR that wrote first wins; read theirs.
    await fs.writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await fs.readFile(file, 'utf8')).trim();
  }
}

/**
 * Whether Telegram (login, binding, Mini App) is on: a bot token is configured, or, outside
 * production, one is generated (resolveBotToken). Production without a token has it off (43007), and
 * then nothing of Telegram's may appear in the CSP either.
 */
export function telegramEnabled(config: Pick<AppConfig, 'nodeEnv' | 'telegram'>): boolean {
  return config.telegram.botToken !== null || config.nodeEnv !== 'production';
}

/**
 * The bot token in force: TELEGRAM_BOT_TOKEN; else, outside production, a generated one (kept in
 * DATA_DIR/keys in development so an open simulator tab survives a restart; in memory for tests);
 * else null, and Telegram is off. The simulator signs with whatever this returns.
 */
export async function resolveBotToken(config: AppConfig): Promise<string | null> {
  if (config.telegram.botToken) return config.telegram.botToken;
  if (!telegramEnabled(config)) return null;
  if (config.nodeEnv === 'test') return (testToken ??= generateBotToken());
  return keptOrNew(botTokenFile(config.dataDir));
}
