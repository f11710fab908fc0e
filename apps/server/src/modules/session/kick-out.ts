import type { Account, AccountsRepository } from '../accounts/accounts.repository.js';
import type { SessionService } from './session.service.js';

/**
 * The operator's kick-out (scripts/sessions.ts, docs/flows/sessions.md): every session of one
 * account ends at once, on every instance (sessions live in the database), and the next call of
 * any of them answers 10006. The account itself is untouched: the user may log in again.
 */
export async function kickOut(
  deps: { accounts: Pick<AccountsRepository, 'findById' | 'findByLoginName'>; sessions: SessionService },
  who: string,
): Promise<{ account: Account; revoked: number } | null> {
  const account = await findAccount(deps.accounts, who.trim());
  if (!account) return null;
  return { account, revoked: await deps.sessions.revokeAllForUser(account.id) };
}

/** An account id (digits), an e-mail, or a mobile number in E.164 (`+` and digits). */
function findAccount(
  accounts: Pick<AccountsRepository, 'findById' | 'findByLoginName'>,
  who: string,
): Promise<Account | undefined> {
  if (/^\d{1,20}$/.test(who)) return accounts.findById(who);
  if (who.includes('@') || /^\+\d{4,15}$/.test(who)) return accounts.findByLoginName(who);
  return Promise.resolve(undefined);
}
