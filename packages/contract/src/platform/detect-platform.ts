/** Platform kind (§1), also sent as the platform of tracking and some API calls. */
export type PlatformKind = 'pc' | 'h5' | 'pc_tg' | 'ios_tg' | 'android_tg';

// Telegram's WebApp.platform values (https://core.telegram.org/bots/webapps) by device class.
const TELEGRAM_PLATFORMS: Readonly<Record<string, PlatformKind>> = {
  ios: 'ios_tg',
  android: 'android_tg',
  android_x: 'android_tg',
  tdesktop: 'pc_tg',
  macos: 'pc_tg',
  web: 'pc_tg',
  weba: 'pc_tg',
  webk: 'pc_tg',
  webz: 'pc_tg',
  unigram: 'pc_tg',
};

const MOBILE_UA = /Android|iPhone|iPod|iPad|Mobile|Windows Phone|HarmonyOS|OpenHarmony/i;
const IOS_UA = /iPhone|iPod|iPad/i;
const ANDROID_UA = /Android|HarmonyOS|OpenHarmony/i;

/** Which app store serves this device: `ios`, `android`, or null (a desktop or another system). */
export function mobileStoreOf(userAgent: string | null | undefined): 'ios' | 'android' | null {
  const ua = userAgent ?? '';
  if (IOS_UA.test(ua)) return 'ios';
  if (ANDROID_UA.test(ua)) return 'android';
  return null;
}

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return MOBILE_UA.test(userAgent ?? '');
}

/**
 * The platform kind. Inside Telegram (a Telegram platform other than empty or `unknown`, the value
 * the SDK reports outside Telegram) the Telegram platform decides; an unrecognised Telegram platform
 * is classed by the user agent. Outside Telegram a mobile user agent is h5, anything else pc.
 */
export function detectPlatform(
  userAgent: string | null | undefined,
  telegramPlatform?: string | null,
): PlatformKind {
  const tg = telegramPlatform?.trim().toLowerCase();
  if (tg && tg !== 'unknown') {
    const known = Object.prototype.hasOwnProperty.call(TELEGRAM_PLATFORMS, tg)
      ? TELEGRAM_PLATFORMS[tg]
      : undefined;
    if (known) return known;
    const ua = userAgent ?? '';
    if (IOS_UA.test(ua)) return 'ios_tg';
    if (ANDROID_UA.test(ua)) return 'android_tg';
    return 'pc_tg';
  }
  return isMobileUserAgent(userAgent) ? 'h5' : 'pc';
}
