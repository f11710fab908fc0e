import { toast, TOAST_ERROR_MS } from '../../components/feedback/toast';
import { openModal } from '../../components/feedback/modal';
import type { I18n } from '../../i18n';

// Loaded with the form's actions (login-actions.ts), only when a login answers 400601/400602.

/**
 * Spec §8 "Hong Kong / non-Hong Kong login-site mismatch": a modal with a confirm button, and the
 * toast "code: message". `message` is the code's translated text (inverse-error-code).
 */
export async function showSiteMismatch(i18n: I18n, code: number, message: string): Promise<void> {
  await i18n.loadNamespaces(['compliance']);
  toast(`${code}: ${message}`, { durationMs: TOAST_ERROR_MS, kind: 'error' });
  await openModal({
    title: i18n.t('login.siteMismatch.title', { ns: 'compliance' }),
    description: message,
    confirmLabel: i18n.t('auth.ok', { ns: 'inverse' }),
  });
}
