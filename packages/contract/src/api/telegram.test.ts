import { describe, expect, it } from 'vitest';
import {
  completeTaskRequestSchema,
  formatTgBindResult,
  onePeopleBindResultSchema,
  parseTgBindResult,
  telegramBindRequestSchema,
  tgBindResultSchema,
  thirdPartyLoginRequestSchema,
  TG_BIND_STATUS,
  TG_BIND_SUCCESS_MESSAGE,
} from './telegram.js';

describe('Telegram API schemas', () => {
  it('takes exactly one of telegram_callback and telegram_callback_mini', () => {
    expect(telegramBindRequestSchema.safeParse({ telegram_callback: '{}' }).success).toBe(true);
    expect(telegramBindRequestSchema.safeParse({ telegram_callback_mini: 'a=1' }).success).toBe(true);
    expect(telegramBindRequestSchema.safeParse({}).success).toBe(false);
    expect(
      telegramBindRequestSchema.safeParse({ telegram_callback: 'a', telegram_callback_mini: 'b' }).success,
    ).toBe(false);
    expect(telegramBindRequestSchema.safeParse({ telegram_callback: 'x'.repeat(5000) }).success).toBe(false);
  });

  it('reads the third-party login payload with the register extras', () => {
    const parsed = thirdPartyLoginRequestSchema.parse({
      third_type: 'telegram',
      telegram_callback_mini: 'a=1',
      url: 'https://example.com/en/telegram-register-login',
      ext_json: { tg_source: 'bot' },
    });
    expect(parsed.url).toContain('telegram-register-login');
    expect(
      thirdPartyLoginRequestSchema.safeParse({ third_type: 'google', telegram_callback: 'a' }).success,
    ).toBe(false);
  });

  it('formats and parses tg_bind_result as status|message', () => {
    const value = formatTgBindResult(TG_BIND_STATUS.SUCCESS, TG_BIND_SUCCESS_MESSAGE.REGISTER_BIND);
    expect(value).toBe('success|register_bind');
    expect(tgBindResultSchema.safeParse(value).success).toBe(true);
    expect(parseTgBindResult(formatTgBindResult(TG_BIND_STATUS.TELEGRAM_TAKEN, 'a|b'))).toEqual({
      status: '1002',
      message: 'a/b',
    });
    expect(parseTgBindResult('nobar')).toBeNull();
  });

  it('keeps bind_uid a digit string ("0" for none) and task ids as strings', () => {
    expect(onePeopleBindResultSchema.safeParse({ bind_uid: '0' }).success).toBe(true);
    expect(onePeopleBindResultSchema.safeParse({ bind_uid: 12 }).success).toBe(false);
    expect(completeTaskRequestSchema.parse({ campaignId: 3, taskId: 'follow-channel' })).toEqual({
      campaignId: '3',
      taskId: 'follow-channel',
    });
    expect(completeTaskRequestSchema.safeParse({ campaignId: '<script>', taskId: 'x' }).success).toBe(false);
  });
});
