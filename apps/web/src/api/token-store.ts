/**
 * Tokens held by the page itself. The session normally lives in an HttpOnly cookie the page cannot
 * read, so the user token here is empty unless an answer handed one over in its `token` field
 * (spec §4). Kept in memory only: a reload falls back to the cookie, and script injection finds
 * nothing in storage to steal.
 */
let userToken: string | undefined;
let tgToken: string | undefined;

export function getUserToken(): string | undefined {
  return userToken;
}

export function setUserToken(token: string | undefined): void {
  userToken = token || undefined;
}

/** Spec §4: a response token, when present and not the string "null", becomes the user token. */
export function adoptResponseToken(token: unknown): void {
  if (typeof token === 'string' && token !== '' && token !== 'null') userToken = token;
}

/** Telegram mini-app token, sent as TgToken inside Telegram (spec §7 complete_task). */
export function getTgToken(): string | undefined {
  return tgToken;
}

export function setTgToken(token: string | undefined): void {
  tgToken = token || undefined;
}
