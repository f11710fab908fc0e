import { openModal } from '../../components/feedback/modal';
import { toast, TOAST_ERROR_MS } from '../../components/feedback/toast';
import type { TFunction } from '../../i18n';
import { FAILURE_TEXT_KEYS, type BindResultView } from './bind-result';

/** Spec §4: the success toasts stay 5 s. */
export const BIND_SUCCESS_TOAST_MS = 5_000;

/** `code: text`, the text being our phrase for the code part, else the server's message part. */
export function failureText(t: TFunction, view: Extract<BindResultView, { kind: 'failure' }>): string {
  const key = FAILURE_TEXT_KEYS[view.codePart];
  const text = (key ? t(key) : '') || view.message || t('telegram.failure.generic');
  return `${view.code}: ${text}`;
}

/**
 * Shows a bind result (spec §4, §8). Resolves once the user is done with it; `onBindAgain` runs when
 * the failure modal's "bind again" is chosen (it goes to the account page).
 */
export async function showBindResult(
  t: TFunction,
  view: BindResultView,
  onBindAgain: () => void,
): Promise<void> {
  if (view.kind === 'none') return;
  if (view.kind === 'success') {
    toast(t(view.textKey), { durationMs: BIND_SUCCESS_TOAST_MS, kind: 'success' });
    return;
  }
  if (!view.modal) {
    toast(failureText(t, view), { durationMs: TOAST_ERROR_MS, kind: 'error' });
    return;
  }
  const choice = await openModal({
    title: t('telegram.failure.title'),
    description: failureText(t, view),
    confirmLabel: t('telegram.failure.bindAgain'),
    cancelLabel: t('telegram.failure.close'),
  });
  if (choice === 'confirm') onBindAgain();
}
