import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sign } from '@tma.js/init-data-node';

/**
 * Sign Telegram data exactly as Telegram does, with the bot token in force: the local stand-in for
 * Telegram (development and tests only; never registered in production). The verifier in
 * modules/telegram checks these like real data.
 */

export interface TestTelegramUser {
  id: number;
  first_name: string;
  last_name?: string | undefined;
  username?: string | undefined;
  photo_url?: string | undefined;
  language_code?: string | undefined;
  allows_write_to_pm?: boolean | undefined;
}

/** Mini App init data (`tgWebAppData`) as Telegram builds it, signed with the library's `sign`. */
export function signInitData(
  user: TestTelegramUser,
  botToken: string,
  authDate: Date,
  extra: { startParam?: string | undefined } = {},
): string {
  return sign(
    {
      user: { ...user, is_premium: false },
      chat_type: 'sender',
      chat_instance: String(BigInt(`0x${randomBytes(7).toString('hex')}`)),
      query_id: randomBytes(12).toString('base64url'),
      ...(extra.startParam ? { start_param: extra.startParam } : {}),
    },
    botToken,
    authDate,
  );
}

/** Login Widget data: the user fields plus auth_date and hash (HMAC-SHA256 keyed SHA-256(bot token)). */
export function signWidgetData(
  user: TestTelegramUser,
  botToken: string,
  authDate: Date,
): Record<string, string | number> {
  const fields: Record<string, string | number> = {
    id: user.id,
    first_name: user.first_name,
    ...(user.last_name ? { last_name: user.last_name } : {}),
    ...(user.username ? { username: user.username } : {}),
    ...(user.photo_url ? { photo_url: user.photo_url } : {}),
    auth_date: Math.floor(authDate.getTime() / 1000),
  };
  const dataCheck = Object.entries(fields)
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('\n');
  const key = createHash('sha256').update(botToken).digest();
  return { ...fields, hash: createHmac('sha256', key).update(dataCheck).digest('hex') };
}
