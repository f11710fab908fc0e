/**
 * The common-password check of the policy (ASVS 5 V6.2.4: refuse the most common passwords).
 * The list is the one zxcvbn-ts ships (@zxcvbn-ts/language-common, about 49,000 passwords from
 * leaked-password frequency lists, most common first; far more than the top 10,000 ASVS asks for).
 * It is large, so it is loaded on the server only, once, on first use; never in the web bundle.
 */

let loading: Promise<ReadonlySet<string>> | undefined;

/** Only passwords the length rule would let through are worth keeping in memory. */
const MIN_LENGTH = 8;

function loadList(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const set = new Set<string>();
    for (const pw of dictionary['passwords-common']) {
      if ([...pw].length >= MIN_LENGTH) set.add(pw.toLowerCase());
    }
    return set;
  });
  return loading;
}

/** Case-insensitive: "Password1" is as guessable as "password1". */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await loadList();
  return list.has(password.toLowerCase());
}

/** Load the list ahead of the first sign-up (at start), so that request does not pay for it. */
export async function preloadCommonPasswords(): Promise<number> {
  return (await loadList()).size;
}
