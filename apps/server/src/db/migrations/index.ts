import type { Migration } from 'kysely';
import * as webConfig from './0001-web-config.js';
import * as kvEntries from './0002-kv-entries.js';
import * as outbox from './0003-outbox.js';
import * as sessions from './0004-sessions.js';
import * as users from './0005-users.js';
import * as registrations from './0006-registrations.js';
import * as knownDevices from './0010-known-devices.js';
import * as tradeEnv from './0011-trade-env.js';
import * as oauthClients from './0040-oauth-clients.js';
import * as oauthConsents from './0041-oauth-consents.js';
import * as oauthCodes from './0042-oauth-codes.js';
import * as oauthTokens from './0043-oauth-tokens.js';
import * as telegramBindings from './0050-telegram-bindings.js';
import * as telegramTaskCompletions from './0051-telegram-task-completions.js';
import * as usersDropLockout from './0060-users-drop-lockout.js';
import * as registrationBinding from './0061-registration-binding.js';
import * as oauthFamilies from './0062-oauth-families.js';
import * as accountBans from './0063-account-bans.js';
import * as twoFactor from './0064-two-factor.js';
import * as usersKycCountry from './0070-users-kyc-country.js';
import * as signupChannels from './0075-signup-channels.js';
import * as partnerRegistrations from './0076-partner-registrations.js';
import * as passkeys from './0080-passkeys.js';
import * as sessionDetails from './0085-session-details.js';
import * as signInHistory from './0086-sign-in-history.js';
import * as socialIdentities from './0090-social-identities.js';

/**
 * Every migration, in order. Keys sort lexically (Kysely runs them in key order), so keep the
 * four-digit prefix. Add a file `NNNN-name.ts` exporting `up`/`down` and a line here; never edit
 * a migration that has shipped. A new migration takes a number above every shipped one: Kysely
 * refuses to run one that sorts before a migration a database has already run.
 */
export const migrations: Record<string, Migration> = {
  '0001-web-config': webConfig,
  '0002-kv-entries': kvEntries,
  '0003-outbox': outbox,
  '0004-sessions': sessions,
  '0005-users': users,
  '0006-registrations': registrations,
  '0010-known-devices': knownDevices,
  '0011-trade-env': tradeEnv,
  '0040-oauth-clients': oauthClients,
  '0041-oauth-consents': oauthConsents,
  '0042-oauth-codes': oauthCodes,
  '0043-oauth-tokens': oauthTokens,
  '0050-telegram-bindings': telegramBindings,
  '0051-telegram-task-completions': telegramTaskCompletions,
  '0060-users-drop-lockout': usersDropLockout,
  '0061-registration-binding': registrationBinding,
  '0062-oauth-families': oauthFamilies,
  '0063-account-bans': accountBans,
  '0064-two-factor': twoFactor,
  '0070-users-kyc-country': usersKycCountry,
  '0075-signup-channels': signupChannels,
  '0076-partner-registrations': partnerRegistrations,
  '0080-passkeys': passkeys,
  '0085-session-details': sessionDetails,
  '0086-sign-in-history': signInHistory,
  '0090-social-identities': socialIdentities,
};
