import {
  backButton,
  init,
  isTMA,
  miniApp,
  mockTelegramEnv,
  retrieveLaunchParams,
  retrieveRawInitData,
  themeParams,
} from '@tma.js/sdk';
import { detectPlatform, type PlatformKind } from '@gatehouse/contract';
import { configureApi, setTgToken } from '../../api';

/**
 * The Telegram Mini App environment through the SDK (@tma.js/sdk): launch parameters, theme, back
 * button and closing. Only the Mini App pages import this module, so the SDK ships in their lazy
 * chunks and never in the login entry.
 */

/** What the pages need of the launch (spec §3 "Telegram user info"). */
export interface MiniAppLaunch {
  /** pc_tg, ios_tg or android_tg (spec §1). */
  platform: PlatformKind;
  /** The signed init data as Telegram sent it: `telegram_callback_mini` and the `TgToken` header. */
  initDataRaw: string;
  user: {
    id: string;
    first_name: string;
    last_name: string | null;
    username: string | null;
    photo_url: string | null;
  } | null;
  /**
   * The start parameter of the Mini App link (`t.me/<bot>/<app>?startapp=…`): the signed one of the
   * init data, else the launch's. The task page's task id (docs/telegram.md "Mini App tasks").
   */
  startParam: string | null;
  /** The theme Telegram asked for is dark. */
  dark: boolean;
  /** Telegram's own chrome (native client or Telegram Web's frame) is around the page. */
  hosted: boolean;
}

/** The page's view of a Mini App method call, for the simulator (docs/telegram.md). */
export const SIMULATED_METHOD_MESSAGE = 'telegram-method';

let started: MiniAppLaunch | null | undefined;

/**
 * Telegram delivers the SDK's method calls through `window.TelegramWebviewProxy` (native clients) or
 * `postMessage` to the parent frame (Telegram Web). The local simulator opens the page in the same
 * window, with neither: there the calls are posted to the window itself in Telegram Web's message
 * shape, where a browser test (or a developer's console) can see them. A real Telegram never takes
 * this path, and nothing is granted by it: the init data is checked by the server alone.
 */
function routeCallsWhenUnhosted(): boolean {
  const framed = (() => {
    try {
      return window.self !== window.top;
    } catch {
      return true;
    }
  })();
  const native = typeof (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy === 'object';
  if (framed || native) return true;
  mockTelegramEnv({
    onEvent: (event) => {
      window.postMessage(
        JSON.stringify({ type: SIMULATED_METHOD_MESSAGE, eventType: event.name, eventData: event.params }),
        window.location.origin,
      );
    },
  });
  return false;
}

/** A call the SDK refuses (unsupported in this Telegram version, not mounted) must not break the page. */
function attempt(fn: () => void): void {
  try {
    fn();
  } catch (error) {
    console.warn('Telegram Mini App call failed', error);
  }
}

/**
 * Starts the SDK once per page load and configures the API client for Telegram (platform header,
 * session token in the envelope rather than a third-party cookie, `TgToken`). Null outside Telegram:
 * no launch parameters.
 */
export function startMiniApp(): MiniAppLaunch | null {
  if (started !== undefined) return started;
  started = null;
  if (!isTMA()) return null;
  let launch: ReturnType<typeof retrieveLaunchParams>;
  try {
    launch = retrieveLaunchParams();
  } catch {
    return null;
  }
  const initDataRaw = retrieveRawInitData();
  if (!initDataRaw) return null;
  const hosted = routeCallsWhenUnhosted();
  attempt(() => init());
  attempt(() => backButton.mount());
  attempt(() => themeParams.mount());
  attempt(() => miniApp.mount());
  attempt(() => themeParams.bindCssVars());
  attempt(() => miniApp.ready());

  const platform = detectPlatform(navigator.userAgent, launch.tgWebAppPlatform);
  configureApi({ platform, sessionTransport: 'header' });
  setTgToken(initDataRaw);
  const user = launch.tgWebAppData?.user;
  started = {
    platform,
    initDataRaw,
    user: user
      ? {
          id: String(user.id),
          first_name: user.first_name,
          last_name: user.last_name ?? null,
          username: user.username ?? null,
          photo_url: user.photo_url ?? null,
        }
      : null,
    startParam: launch.tgWebAppData?.start_param ?? launch.tgWebAppStartParam ?? null,
    dark: safeRead(() => themeParams.isDark(), false),
    hosted,
  };
  return started;
}

function safeRead<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** Shows Telegram's back icon while `onBack` is given; returns the clean-up. */
export function showBackButton(onBack: (() => void) | null): () => void {
  if (!started) return () => {};
  if (!onBack) {
    attempt(() => backButton.hide());
    return () => {};
  }
  attempt(() => backButton.show());
  let off: VoidFunction = () => {};
  attempt(() => {
    off = backButton.onClick(onBack);
  });
  return () => {
    off();
  };
}

/** Spec §8: the session-expired modal's button closes the Mini App. */
export function closeMiniApp(): void {
  if (!started) return;
  attempt(() => miniApp.close());
}
