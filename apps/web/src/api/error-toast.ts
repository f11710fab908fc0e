import { toast } from '../components/feedback/toast';
import { apiConfig } from './config';

/** Error texts live in this namespace, keyed by ret_code (contract ret-codes.ts). */
export const ERROR_CODE_NS = 'inverse-error-code';

/** The localised text of a key in the error namespace, or '' when the locale files have none. */
function localised(key: string): string {
  return apiConfig().translator?.t(key, { ns: ERROR_CODE_NS, defaultValue: '' }) ?? '';
}

/** Spec §8: the localised text for the code when present, else the server's ret_msg. */
export function codeMessage(code: number, retMsg: string): string {
  return localised(String(code)) || retMsg;
}

/** A text for the code that depends on the kind of call, e.g. `10016_login`; falls back to the code's own text. */
export function codeVariantMessage(code: number, variant: string, retMsg: string): string {
  return localised(`${code}_${variant}`) || codeMessage(code, retMsg);
}

/**
 * Shows a centred error toast whose text needs the error namespace. The namespace loads only when the
 * first error appears (most visits never see one); until then the toast waits. With the namespace
 * ready, or no translator configured, the toast is queued synchronously.
 */
export function errorToast(compose: () => string, durationMs: number): void {
  const translator = apiConfig().translator;
  const show = () => toast(compose(), { durationMs, position: 'center', kind: 'error' });
  if (!translator || translator.hasLoaded(ERROR_CODE_NS)) return show();
  translator.loadNamespaces([ERROR_CODE_NS]).then(show, show);
}
