/**
 * Our mobile apps open Gatehouse in a webview whose user agent ends with a product token (§1 "The
 * app-embedded webview is detected, with variants for the Turkey and EU apps"):
 *
 *   main app     `GatehouseApp/<version>`
 *   Turkey app   `GatehouseTR/<version>`
 *   EU app       `GatehouseEU/<version>`
 *
 * `<version>` is dotted digits (e.g. `GatehouseApp/4.21.0`). The token must stand alone (start of
 * the string or after a space, `;` or `(`), so a look-alike such as `NotGatehouseApp/1` does not count.
 * The app team appends the token; anything else is an ordinary browser.
 */
export type AppVariant = 'main' | 'tr' | 'eu';

export interface AppWebview {
  app: AppVariant;
  version: string;
}

const APP_TOKEN = /(?:^|[\s;(])Gatehouse(App|TR|EU)\/(\d+(?:\.\d+){0,3})(?=$|[\s;)])/;
const VARIANTS: Readonly<Record<string, AppVariant>> = { App: 'main', TR: 'tr', EU: 'eu' };

export function detectAppWebview(userAgent: string | null | undefined): AppWebview | null {
  const match = APP_TOKEN.exec(userAgent ?? '');
  const app = match?.[1] === undefined ? undefined : VARIANTS[match[1]];
  if (!match || !app || match[2] === undefined) return null;
  return { app, version: match[2] };
}
