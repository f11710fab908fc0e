import type { TFunction } from '../../i18n';
import type { Problem } from './two-factor-api';

/** The words for a refused step; `expired` names what to start again. */
export function problemText(t: TFunction, problem: Problem, expired: string): string {
  switch (problem.kind) {
    case 'wrong-code':
      return t('auth.code.wrong', { count: problem.attemptsLeft });
    case 'wrong-password':
      return t('twoFactor.setup.wrongPassword');
    case 'expired':
      return expired;
    default:
      return problem.message ?? t('auth.errors.generic');
  }
}

/** A date and time in the page language; an unusual locale tag falls back to the browser's. */
export function formatWhen(epochMs: number, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);
  } catch {
    return new Date(epochMs).toLocaleString();
  }
}
