import type { CountryEntry } from '../api/countries.js';

/** The ten regional sites. Ids follow the spec's own spelling (§1). */
export const SITE_IDS = ['global', 'HKG', 'TUR', 'KAZ', 'NLD', 'EU', 'GEO', 'IDN', 'ARE', 'JPN'] as const;
export type SiteId = (typeof SITE_IDS)[number];

/** Environment derived from the host name (§1). */
export type Environment = 'prod' | 'testnet' | 'test';

/** Where the cookie banner's policy link points (§2 "Page shell"). */
export type PolicyLinkKind = 'privacy-policy' | 'cookie-policy' | 'help-center-article';

/** Sign-up bonus amounts in US dollars; null where the spec says "not shown" (§9). */
export interface BonusTable {
  normal: number | null;
  affiliate: number | null;
  affiliateExtra: number | null;
  referral: number | null;
  signup: number | null;
  /** GEO only: the sign-up amount shown to affiliate visitors. */
  affiliateSignup?: number | null;
}

export interface SiteDefinition {
  id: SiteId;
  /** Sub-domain label of the local development host: null for global (`localhost`), else `hk`, `tr`, … */
  localLabel: string | null;
  /** Supported locale codes in display order. */
  languages: readonly string[];
  defaultLanguage: string;
  cookiePolicy: PolicyLinkKind;
  /** Whether sign-up by mobile number is offered. */
  phoneSignUp: boolean;
  /** Regulated sites call login_compliance / register_compliance (§7). */
  regulated: boolean;
  /**
   * Spec §4 ban flow: whether a ban older than 24 h sends the user to `/self-unblock` (true) or the
   * site shows error 31003 and leaves lifting it to support (false).
   */
  selfUnblock: boolean;
  bonus: BonusTable;
}

/** What the server resolves from a request and inlines into the page, so the app needs no call to know it. */
export interface ResolvedSite {
  site: SiteId;
  env: Environment;
  /** Locale of this page (from the path prefix, validated against the site). */
  locale: string;
  /** Locale whose translation files are loaded for `locale`. */
  translationLocale: string;
  dir: 'ltr' | 'rtl';
  /** The origin the request was served on, e.g. `http://eu.localhost:3000`. */
  origin: string;
}

/**
 * The server inlines this into every page as `<script type="application/json" id="gh-bootstrap">`
 * (a data block, so CSP without inline script still holds). The web app reads it synchronously at start.
 */
export interface PageBootstrap extends ResolvedSite {
  /** The current site's definition, so the web bundle need not carry the whole table. */
  siteDefinition: SiteDefinition;
  /** Base path of the API, `/x-api` unless configured. */
  apiBase: string;
  /** Brand name; also the prefix of local storage keys such as `{product}_LANG_KEY`. */
  product: string;
  /** Brand domains (from configuration) that redirects may target besides the current origin. */
  brandDomains: string[];
  /**
   * The environment's RSA public key (base64 SPKI) the browser encrypts passwords with
   * (web: lib/auth/encrypt-password.ts). Absent when the server has none loaded.
   */
  passwordKey?: string;
  /**
   * Telegram Login Widget settings (modules/telegram; contract api/telegram.ts). Absent when the
   * server has no bot token (Telegram off).
   */
  telegram?: {
    /** Bot username without `@` (the widget's `data-telegram-login`; shown as the Telegram brand name). */
    botName: string;
    /** Numeric bot id (`Telegram.Login.auth({bot_id})`). */
    botId: string;
    /** Script to load: Telegram's widget in production, the local stand-in in development. */
    widgetScriptUrl: string;
  };
  /**
   * Google / Apple sign-in switched on for this site (modules/social-login; contract
   * api/social-login.ts), on the login and sign-up pages only. Absent: no button.
   */
  socialLogin?: { providers: ('google' | 'apple')[] };
  /**
   * The app-store links (APP_DOWNLOAD_*_URL), on the download page only; a missing store is null.
   */
  appDownload?: AppDownloadLinks;
  /**
   * The web config entries of `PAGE_WEB_CONFIG_KEYS` by name, as `POST /v3/config/web` answers them for
   * this site (an entry the server does not know is left out). Inlined because no page should wait for
   * a call to learn its feature flags or sign-up variant.
   */
  webConfig?: Record<string, unknown>;
  /**
   * The residence list of the sign-up form (`country-list?is_iso=1&is_disable=1` in the page's
   * language), on the pages whose route asks for it (`ROUTE_START_DATA`).
   */
  countries?: CountryEntry[];
  /**
   * The origins of the sites a page may send the visitor to (residence modals, site jump: global,
   * EU, NLD, HKG), in this environment (modules/compliance; contract `siteOrigin`). A site without
   * a configured domain is left out.
   */
  siteOrigins?: Partial<Record<SiteId, string>>;
  /** Set when the path is not a page: the server answers 404 and the app renders its not-found page. */
  notFound?: true;
}

/** Where the mobile app is downloaded, per store (spec §2 `/{lang}/download`). */
export interface AppDownloadLinks {
  ios: string | null;
  android: string | null;
}

/** The id of the inlined bootstrap element. */
export const BOOTSTRAP_ELEMENT_ID = 'gh-bootstrap';
