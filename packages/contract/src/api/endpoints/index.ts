/**
 * The endpoint table: every call of the API (spec §7), one entry each, under the API base
 * (`/x-api`), in one module per area. The server registers each route from its entry
 * (apps/server/src/lib/endpoint-route.ts) and imports the whole table from here; the web imports
 * the area it calls (`@gatehouse/contract/endpoints/login`), so a page carries the entries it uses
 * and nothing else. Each entry is plain data; its schemas are imported as types only.
 * Adding a call starts here (docs/api-table.md).
 */
export * from './system.js';
export * from './captcha.js';
export * from './login.js';
export * from './user.js';
export * from './password-reset.js';
export * from './registration.js';
export * from './countries.js';
export * from './oauth.js';
export * from './telegram.js';
export * from './social-login.js';
export * from './self-unblock.js';
export * from './quick-login.js';
export * from './sessions.js';
export * from './account-security.js';
export * from './metrics.js';
export * from './qr-login.js';
export * from './two-factor.js';
export * from './channels.js';
export * from './compliance.js';
export * from './passkeys.js';
