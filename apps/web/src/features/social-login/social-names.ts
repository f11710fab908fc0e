import type { SocialProvider } from '@gatehouse/contract';

/** Brand names, never translated. */
export const PROVIDER_NAMES: Readonly<Record<SocialProvider | 'telegram', string>> = {
  google: 'Google',
  apple: 'Apple',
  telegram: 'Telegram',
};

// Values of packages/contract/src/api/social-login.ts, repeated as plain values: importing that module
// would bring its zod schemas into the login page's bundle. Keep in step (docs/flows/social-login.md).
export const RETURN_QUERY = { TYPE: 'third_type', TICKET: 'third_ticket', ERROR: 'third_error' } as const;

/** A pending bind after 40004: the id the login or sign-up sends, and who it is for. */
export interface SocialPending {
  id: string;
  /** `telegram`: the login page's Telegram button (the id is a `tg_pending_id`). */
  provider: SocialProvider | 'telegram';
  email: string | null;
  emailVerified: boolean;
}

/** The login or sign-up body field that carries the pending id. */
export function pendingBody(pending: SocialPending): Record<string, string> {
  return pending.provider === 'telegram' ? { tg_pending_id: pending.id } : { third_pending_id: pending.id };
}

/** Where "Create a new account" leaves the pending bind for the sign-up page (this tab only). */
export const PENDING_STORAGE_KEY = 'gh.social.pending';

export function readStoredPending(): SocialPending | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(PENDING_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as SocialPending) : null;
  } catch {
    return null;
  }
}

export function storePending(pending: SocialPending | null): void {
  try {
    if (pending) globalThis.sessionStorage?.setItem(PENDING_STORAGE_KEY, JSON.stringify(pending));
    else globalThis.sessionStorage?.removeItem(PENDING_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the sign-up simply does not bind.
  }
}
