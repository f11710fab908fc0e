import type { TFunction } from '../../i18n';
import type { Problem } from './passkeys-api';

/** The words for a refused passkey change. */
export function problemText(t: TFunction, problem: Problem): string {
  switch (problem.kind) {
    case 'wrong-password':
      return t('passkeys.wrongPassword');
    case 'cancelled':
      return t('passkeys.cancelled');
    default:
      return problem.message ?? t('auth.errors.generic');
  }
}

/** A date in the page language; an unusual locale tag falls back to the browser's. */
export function formatDate(epochMs: number, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(epochMs);
  } catch {
    return new Date(epochMs).toLocaleDateString();
  }
}
