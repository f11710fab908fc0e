import {
  HEADER,
  SESSION_TRANSPORT_HEADER_VALUE,
  headerLang,
  isPublicEndpoint,
  splitLocalePrefix,
} from '@gatehouse/contract';
import { apiConfig } from './config';
import { currentPlatform, insideTelegram } from './platform';
import { deviceGuid } from './device-cookies';
import { deviceFingerprint } from './fingerprint';
import { getTgToken, getUserToken } from './token-store';

/** Lang header (spec §2): the page's locale prefix, `en` when absent or en-US. */
export function pageLang(): string {
  const explicit = apiConfig().lang;
  if (explicit) return explicit;
  const pathname = globalThis.location?.pathname ?? '/';
  return headerLang(splitLocalePrefix(pathname).locale);
}

/** The headers every API call carries (spec §3, §7); `path` is below the API base. */
export function apiHeaders(path: string): Record<string, string> {
  const { userAgent, sessionTransport } = apiConfig();
  const platform = currentPlatform();
  const headers: Record<string, string> = {
    [HEADER.TX_ID]: deviceFingerprint(),
    [HEADER.ENTRY]: encodeURIComponent(globalThis.location?.href ?? ''),
    [HEADER.GUID]: deviceGuid(),
    [HEADER.LANG]: pageLang(),
    // Also the server's CSRF proof: a cross-site form cannot set a custom header.
    [HEADER.PLATFORM]: platform,
    [HEADER.X_USER_AGENT]: userAgent,
  };
  const userToken = getUserToken();
  if (userToken && !isPublicEndpoint(path)) headers[HEADER.USER_TOKEN] = userToken;
  const tgToken = getTgToken();
  if (tgToken && insideTelegram()) headers[HEADER.TG_TOKEN] = tgToken;
  if (sessionTransport === 'header') headers[HEADER.SESSION_TRANSPORT] = SESSION_TRANSPORT_HEADER_VALUE;
  return headers;
}
