/**
 * The envelope client (spec §3, §7, §8, §9): what feature modules use to call the API.
 *
 * Every call is an entry of the contract's endpoint table, which gives its method, path, cache
 * policy and types (docs/api-table.md):
 *
 *   import * as endpoints from '@gatehouse/contract/endpoints/user';
 *   export const fetchProfile = async () => (await api.call(endpoints.profile))?.result;
 *
 * (one area of the table per import: the page then carries only the entries it calls)
 *
 * and a page reacts to the codes the call may answer by name: `onCode(endpoints.login, code, {...})`.
 *
 * Outcomes of a call:
 * - resolves to the envelope `{ret_code, ret_msg, result, token}` for ret_code 0 and 10007
 *   (and 31002 when pass_err_count is 3, 4 or 5);
 * - resolves to `null` when the HTTP status is 400 or above without an envelope (`onError` is called first);
 * - rejects with `ApiCallError` for any other code; the client has already shown the toast the spec
 *   asks for (`error.toasted`), or none for the silent and "returned without toast" codes;
 * - the app shell calls `configureApi` once (base URL, platform, translator); the end of a session
 *   (10006, logouts) goes through `session-events.ts` and the response cache through `cache/`, both
 *   imported from their modules: a page whose calls succeed loads neither (issue 12).
 */
export { api, request, resetSessionToastThrottle } from './envelope-client';
export type { ApiOptions, ApiRequestOptions, CallArgs } from './envelope-client';
export { onCode } from './code-handlers';
export type { CodeHandlers } from './code-handlers';
export { configureApi, apiConfig } from './config';
export { currentPlatform, insideTelegram } from './platform';
export type { ApiConfig, ApiTranslator } from './config';
export { httpRequest, dropCachedResponse } from './http-client';
export type { HttpMethod, HttpOptions, ResponseType } from './http-client';
export {
  ApiCallError,
  HttpError,
  NetworkError,
  ParseError,
  TimeoutError,
  NETWORK_RET_CODE,
  isApiCallError,
} from './errors';
export type { ApiEnvelope } from './errors';
export { setMonitor } from './monitor';
export type { Monitor, MonitorEvent } from './monitor';
export { getUserToken, setUserToken, getTgToken, setTgToken } from './token-store';
export { deviceGuid, deviceId, GUID_COOKIE, DEVICE_ID_COOKIE } from './device-cookies';
export type { CacheType } from './cache/response-cache';
export { pageLang } from './request-headers';
export * from './api-paths';
