import { detectPlatform, type PlatformKind } from '@gatehouse/contract';
import { apiConfig } from './config';

// Detected on first use rather than at start: the login page then loads without the detection
// rules, which only API calls need.
let detected: PlatformKind | undefined;

/** The configured platform (the Telegram feature sets it from the Mini App), else the detected one. */
export function currentPlatform(): PlatformKind {
  return apiConfig().platform ?? (detected ??= detectPlatform(navigator.userAgent));
}

/** Telegram-only rules (spec §5) apply when the platform is one of the `*_tg` kinds. */
export function insideTelegram(): boolean {
  return currentPlatform().endsWith('_tg');
}
