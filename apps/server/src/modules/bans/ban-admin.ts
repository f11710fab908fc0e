import type { Db } from '../../db/connect.js';
import { createAccountsRepository, type Account } from '../accounts/accounts.repository.js';
import { createSessionRepository } from '../session/session.repository.js';
import { createSessionService } from '../session/session.service.js';
import { createBansRepository } from './bans.repository.js';
import { createBanService, type Ban, type BanInput } from './bans.service.js';

/**
 * The operator's side of bans, on a database handle rather than a running app: `scripts/ban.ts`
 * (npm run ban) uses it, and so can a test's set-up. Accounts are named by id or e-mail. The server
 * reads the records on the next request; no restart is needed. docs/flows/ban.md.
 */
export function createBanAdmin(db: Db, now: () => number = Date.now) {
  const accounts = createAccountsRepository(db, { now });
  const sessions = createSessionService(createSessionRepository(db), { now });
  const bans = createBanService({
    repository: createBansRepository(db, now),
    revokeSessions: (userId) => sessions.revokeAllForUser(userId),
    now,
  });

  const find = async (target: string): Promise<Account> => {
    const name = target.trim();
    const account = /^\d{10}$/.test(name) ? await accounts.findById(name) : await accounts.findByEmail(name);
    if (!account)
      throw new BanAdminError(`no account ${JSON.stringify(name)} (give an account id or an e-mail)`);
    return account;
  };

  return {
    find,
    async ban(target: string, input: BanInput): Promise<{ account: Account; ban: Ban }> {
      const account = await find(target);
      if (account.status === 'terminated') throw new BanAdminError(`account ${account.id} is terminated`);
      const ban = await bans.ban(account.id, input);
      if (!ban) throw new BanAdminError(`account ${account.id} could not be banned (terminated meanwhile?)`);
      return { account, ban };
    },
    /** True when a ban was lifted. */
    async unban(target: string): Promise<{ account: Account; lifted: boolean }> {
      const account = await find(target);
      return { account, lifted: await bans.unban(account.id) };
    },
    /** The ban that blocks the account now (an expired one is removed and reads as none). */
    async show(target: string): Promise<{ account: Account; ban: Ban | null }> {
      const account = await find(target);
      return { account, ban: await bans.active(account) };
    },
  };
}

export type BanAdmin = ReturnType<typeof createBanAdmin>;

/** A mistake of the operator's (unknown account, bad date): printed without a stack. */
export class BanAdminError extends Error {
  override name = 'BanAdminError';
}

const DURATION = /^(\d+)\s*(m|h|d|w)$/i;
const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/**
 * `--until`: a duration from now (`30m`, `12h`, `7d`, `2w`), a UTC date (`2030-01-31`) or date and
 * time (`2030-01-31T12:00`, UTC unless it names its zone), or `never` (indefinite: null).
 */
export function parseUntil(text: string | undefined, now: number): number | null {
  const value = (text ?? 'never').trim();
  if (value === '' || value.toLowerCase() === 'never') return null;
  const duration = DURATION.exec(value);
  if (duration) return now + Number(duration[1]) * (UNIT_MS[duration[2]!.toLowerCase()] ?? 0);
  if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value)) {
    const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(value) || !/[T ]/.test(value) ? value : `${value}Z`;
    const at = Date.parse(zoned.replace(' ', 'T'));
    if (Number.isFinite(at)) {
      if (at <= now) throw new BanAdminError(`--until ${value} is in the past`);
      return at;
    }
  }
  throw new BanAdminError(
    `--until ${JSON.stringify(value)}: give 12h, 7d, 2w, a UTC date 2030-01-31[T12:00] or never`,
  );
}

/**
 * `--since`: when the ban counts from (default now), e.g. when recording a ban decided earlier, or to
 * try self-unblock locally (`--since 25h`): a duration back from now or a UTC date (and time).
 */
export function parseSince(text: string | undefined, now: number): number {
  const value = (text ?? '').trim();
  if (value === '') return now;
  const duration = DURATION.exec(value);
  if (duration) return now - Number(duration[1]) * (UNIT_MS[duration[2]!.toLowerCase()] ?? 0);
  // A date is read as --until reads it, with "not in the future" instead of "not in the past".
  const at = parseUntil(value, Number.NEGATIVE_INFINITY);
  if (at === null || at > now)
    throw new BanAdminError(`--since ${JSON.stringify(value)} must be in the past`);
  return at;
}
