import {
  maskEmail,
  maskMobile,
  type BoundAccounts,
  type MemberInfo,
  type Profile,
  type UserInfo,
} from '@gatehouse/contract';
import type { Account } from '../accounts/accounts.repository.js';
import type { BindingLookups } from './user.plugin.js';

/** The logged-in user's own views (spec §3 "Profile", "User info"). Pure: the routes load the account. */

export function profileOf(account: Account): Profile {
  return {
    id: Number(account.id),
    kyc_person_level: account.kycLevel,
    member_tag: { KYC: account.memberTagKyc },
  };
}

export function userInfoOf(account: Account): UserInfo {
  const vagueEmail = account.email ? maskEmail(account.email) : null;
  const vagueMobile = account.mobile ? maskMobile(account.mobile) : null;
  return {
    id: Number(account.id),
    username: vagueEmail ?? vagueMobile ?? '',
    vague_email: vagueEmail,
    vague_mobile: vagueMobile,
    // Both are only ever stored after a code (or link) sent to them was confirmed.
    email_verified: account.email !== null,
    mobile_verified: account.mobile !== null,
    has_google2fa: account.hasGoogle2fa,
    lang: account.lang,
    status: account.status,
  };
}

export function memberInfoOf(account: Account): MemberInfo {
  return {
    id: Number(account.id),
    member_level: 0,
    vip: false,
    kyc_person_level: account.kycLevel,
    site: account.site,
    residence_country: account.residenceCountry,
    registered_at: account.createdAt,
  };
}

export async function boundAccountsOf(account: Account, lookups: BindingLookups): Promise<BoundAccounts> {
  const telegram = lookups.telegram ? await lookups.telegram(account.id) : null;
  return {
    accounts: [
      {
        kind: 'email',
        bound: account.email !== null,
        display: account.email ? maskEmail(account.email) : null,
      },
      {
        kind: 'mobile',
        bound: account.mobile !== null,
        display: account.mobile ? maskMobile(account.mobile) : null,
      },
      { kind: 'telegram', bound: telegram !== null, display: telegram },
    ],
  };
}
