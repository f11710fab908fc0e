import type { TFunction } from '../../i18n';
import type { LoginOutcome } from './login-actions';

// Loaded with the form's actions (login-actions.ts), when the first answer needs words (ADR 0009).
/** The text for a login outcome, or undefined when there is nothing (more) to say. */
export function loginOutcomeText(t: TFunction, outcome: LoginOutcome): string | undefined {
  switch (outcome.kind) {
    case 'wrong-password':
      return t('login.errors.attemptsLeft', { count: outcome.attemptsLeft });
    case 'locked':
      return t('login.errors.locked', { minutes: outcome.minutes });
    case 'ip-limit':
      return t('login.errors.ipLimit', { minutes: outcome.minutes });
    case 'banned':
      // The modal says more; the toast and the self-unblock page say it themselves.
      return outcome.ban.kind === 'modal' ? t('login.errors.banned') : undefined;
    case 'captcha':
      return t('login.risk.check');
    case 'error':
      return outcome.message;
    default:
      return undefined;
  }
}
