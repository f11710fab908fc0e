import type { PlatformKind } from '@gatehouse/contract';
import { API_BASE, HTTP_TIMEOUT_MS } from '@gatehouse/contract';
import type { I18n } from '../i18n';

/** The slice of the page's translator the client needs to localise error codes. */
export type ApiTranslator = Pick<I18n, 't' | 'hasLoaded' | 'loadNamespaces'>;

export interface ApiConfig {
  /** Where the API lives: the contract's API_BASE (spec §7) or the bootstrap's `apiBase`; absolute in tests. */
  baseUrl: string;
  /**
   * The platform header: pc, h5, pc_tg, ios_tg or android_tg (spec §1). `*_tg` means inside Telegram.
   * Unset, it is detected from the user agent on the first call (api/platform.ts).
   */
  platform?: PlatformKind;
  /** Lang header override; by default it follows the page's locale prefix (spec §2). */
  lang?: string;
  /** X-User-Agent header: names this client, since browsers do not let scripts set User-Agent. */
  userAgent: string;
  /** Default timeout of every call (spec §9). */
  timeout: number;
  /**
   * `header` asks the server to hand a fresh session token back in the envelope (contract
   * `HEADER.SESSION_TRANSPORT`), for a page that cannot rely on the cookie, e.g. inside Telegram.
   */
  sessionTransport: 'cookie' | 'header';
  /** Localises error codes (`inverse-error-code` namespace); without it toasts show ret_msg. */
  translator?: ApiTranslator;
}

const config: ApiConfig = {
  baseUrl: API_BASE,
  userAgent: 'gatehouse-web',
  timeout: HTTP_TIMEOUT_MS,
  sessionTransport: 'cookie',
};

/** Called once by the app shell at start (and by tests); later calls change only the given fields. */
export function configureApi(changes: Partial<ApiConfig>): void {
  Object.assign(config, changes);
}

export function apiConfig(): Readonly<ApiConfig> {
  return config;
}
