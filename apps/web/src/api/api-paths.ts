/** The path without query or fragment, so rules match whatever the caller appended. */
export function pathOnly(path: string): string {
  return path.split(/[?#]/, 1)[0] ?? '';
}

/** Which text a 10016 (too frequent) toast uses (spec §8 "per-kind text by path type"). */
export type PathKind = 'login' | 'register' | 'other';

export function pathKind(path: string): PathKind {
  const bare = pathOnly(path);
  if (/register|sign-?up/i.test(bare)) return 'register';
  if (/login/i.test(bare)) return 'login';
  return 'other';
}
