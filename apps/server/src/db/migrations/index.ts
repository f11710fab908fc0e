import type { Migration } from 'kysely';
import * as webConfig from './0001-web-config.js';
import * as kvEntries from './0002-kv-entries.js';
import * as outbox from './0003-outbox.js';
import * as sessions from './0004-sessions.js';
import * as users from './0005-users.js';

/**
 * Every migration, in order. Keys sort lexically (Kysely runs them in key order), so keep the
 * four-digit prefix. Add a file `NNNN-name.ts` exporting `up`/`down` and a line here; never edit
 * a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001-web-config': webConfig,
  '0002-kv-entries': kvEntries,
  '0003-outbox': outbox,
  '0004-sessions': sessions,
  '0005-users': users,
};
