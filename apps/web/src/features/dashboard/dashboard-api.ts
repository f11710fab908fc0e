import * as loginCalls from '@gatehouse/contract/endpoints/login';
import * as sessionCalls from '@gatehouse/contract/endpoints/sessions';
import * as userCalls from '@gatehouse/contract/endpoints/user';
import { type BoundAccounts, type Profile, type UserInfo } from '@gatehouse/contract';
import { api } from '../../api';
import { clearResponseCache } from '../../api/cache/response-cache';
import { announceLogout } from '../../api/session-events';

// The dashboard handles "not logged in" itself (back to login), so these calls show no toast.
const quiet = { hideError: true } as const;

/** `profile` (cached 10 s, spec §9). */
export async function fetchProfile(): Promise<Profile | undefined> {
  return (await api.call(userCalls.profile, {}, quiet))?.result;
}

export async function fetchUserInfo(): Promise<UserInfo | undefined> {
  return (await api.call(userCalls.userInfo, {}, quiet))?.result;
}

export async function fetchBoundAccounts(): Promise<BoundAccounts | undefined> {
  return (await api.call(userCalls.boundAccounts, {}, quiet))?.result;
}

/** `logout` (spec §7 payload rpProps); the server ends the session and clears the cookie. */
export async function logout(): Promise<void> {
  try {
    await api.call(loginCalls.logout, { rpProps: {} });
  } finally {
    // The cached profile belongs to the account that just left; the other tabs go with it.
    await clearResponseCache();
    announceLogout();
  }
}

/**
 * `logoutAll` ("log out everywhere"): every session of the account ends, this one included; the
 * others learn it on their next call (10006). Resolves to how many ended.
 */
export async function logoutEverywhere(): Promise<number> {
  try {
    return (await api.call(sessionCalls.logoutAll, {}, quiet))?.result?.revoked ?? 0;
  } finally {
    await clearResponseCache();
    announceLogout();
  }
}

/** Spec §6: verified when kyc_person_level is present and not 0, or member_tag.KYC is present and not 0. */
export function isKycVerified(
  profile: Pick<Profile, 'kyc_person_level' | 'member_tag'> | undefined,
): boolean {
  if (!profile) return false;
  return Boolean(profile.kyc_person_level) || Boolean(profile.member_tag?.KYC);
}
