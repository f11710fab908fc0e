/**
 * The ret_code catalogue shared by server and web (spec §8), keyed by name: `RetCode.SessionExpired`.
 *
 * Every code the server can answer is in `ret-code-catalogue.ts`, and nothing else may be sent: the
 * server's `ApiError` only accepts a `RetCodeValue`. The code is also the i18n key: the English text
 * of each code lives in apps/web/public/locales/en/inverse-error-code.json, and a test keeps the two
 * in step. Looking a code up by value (`retCodeName`) is in `ret-code-lookup.ts`, which needs the
 * whole catalogue at run time and so stays out of the web's pages.
 */
import type * as Catalogue from './ret-code-catalogue.js';

export * as RetCode from './ret-code-catalogue.js';

export type RetCodeName = keyof typeof Catalogue;
export type RetCodeValue = (typeof Catalogue)[RetCodeName];
