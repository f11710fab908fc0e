/** A person the stand-in knows: what its id_token says about them. */
export interface StandInUser {
  email: string;
  emailVerified: boolean;
  name: string | null;
}

/**
 * Seeded people of the local OpenID provider (development and browser tests). Signing in with any
 * other e-mail address works too: it becomes a verified address with no name, so a test can make a
 * fresh identity each run. The login form's field is that address; the password field is ignored.
 */
export const STAND_IN_USERS: readonly StandInUser[] = [
  { email: 'grace@gmail.test', emailVerified: true, name: 'Grace Hopper' },
  { email: 'ada@icloud.test', emailVerified: true, name: 'Ada Lovelace' },
  { email: 'unverified@gmail.test', emailVerified: false, name: 'Una Verified' },
];

/** The person for a login name: a seeded one, else a fresh verified address (null: not an address). */
export function standInUserOf(login: string): StandInUser | null {
  const email = login.trim().toLowerCase();
  const seeded = STAND_IN_USERS.find((u) => u.email === email);
  if (seeded) return seeded;
  return /^[^\s@]{1,64}@[^\s@]{1,190}$/.test(email) ? { email, emailVerified: true, name: null } : null;
}
