/**
 * Local-storage key that keeps the chosen language (§2 "{product}_LANG_KEY"). The same name is
 * the cookie that carries the choice to the server, whose redirect of an unprefixed path (`/`,
 * `/login`) then prefers it to Accept-Language (routes/page-redirect.ts).
 */
export function langStorageKey(product: string): string {
  return `${product.toUpperCase()}_LANG_KEY`;
}

/** How long the language cookie lives: a returning visitor within a year gets their language. */
export const LANG_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
