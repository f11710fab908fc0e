import type { TelegramConfig } from '../../config/index.js';

/** Where Telegram's own widget opens its login frame (the button) and popup. */
export const TELEGRAM_OAUTH_ORIGIN = 'https://oauth.telegram.org';

/**
 * What the Content-Security-Policy must allow for the configured Login Widget: the script's origin
 * when it is not ours, and Telegram's login frame when the script is Telegram's. The local
 * stand-in (a path on this server) needs nothing.
 */
export function telegramWidgetCsp(telegram: Pick<TelegramConfig, 'widgetScriptUrl'>): {
  scriptOrigins: string[];
  frameOrigins: string[];
} {
  if (!telegram.widgetScriptUrl.startsWith('https://')) return { scriptOrigins: [], frameOrigins: [] };
  const origin = new URL(telegram.widgetScriptUrl).origin;
  const isTelegram = /(^|\.)telegram\.org$/.test(new URL(origin).hostname);
  return { scriptOrigins: [origin], frameOrigins: isTelegram ? [TELEGRAM_OAUTH_ORIGIN] : [] };
}
