import type { BoundAccounts, Profile, UserInfo } from '@gatehouse/contract';
import { PROFILE_CACHE_TTL_MS } from '@gatehouse/contract';
import { api, clearResponseCache, PROFILE_PATH } from '../../api';

export const USER_INFO_PATH = '/user/private/user-info';
export const BOUND_ACCOUNTS_PATH = '/user/private/bound-accounts';
export const LOGOUT_PATH = '/logout';

// The dashboard handles "not logged in" itself (back to login), so these calls show no toast.
const quiet = { hideError: true } as const;

/** `GET /v2/private/user/profile` (cached 10 s, spec §9). */
export async function fetchProfile(): Promise<Profile | undefined> {
  return (await api.get<Profile>(PROFILE_PATH, { ...quiet, useCache: true, ttl: PROFILE_CACHE_TTL_MS }))
    ?.result;
}

export async function fetchUserInfo(): Promise<UserInfo | undefined> {
  return (await api.get<UserInfo>(USER_INFO_PATH, quiet))?.result;
}

export async function fetchBoundAccounts(): Promise<BoundAccounts | undefined> {
  return (await api.get<BoundAccounts>(BOUND_ACCOUNTS_PATH, quiet))?.result;
}

/** `POST /logout` (spec §7 payload rpProps); the server ends the session and clears the cookie. */
export async function logout(): Promise<void> {
  try {
    await api.post(LOGOUT_PATH, { rpProps: {} });
  } finally {
    // The cached profile belongs to the account that just left.
    await clearResponseCache();
  }
}

/** Spec §6: verified when kyc_person_level is present and not 0, or member_tag.KYC is present and not 0. */
export function isKycVerified(
  profile: Pick<Profile, 'kyc_person_level' | 'member_tag'> | undefined,
): boolean {
  if (!profile) return false;
  return Boolean(profile.kyc_person_level) || Boolean(profile.member_tag?.KYC);
}
