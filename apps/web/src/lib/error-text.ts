import { apiConfig } from '../api';
import { codeMessage, ERROR_CODE_NS } from '../api/error-toast';

/**
 * The text for an error the client returned without a toast (spec §8 "returned to the caller"): the
 * localised `inverse-error-code` phrase, else the server's ret_msg. Loads that namespace on first use.
 */
export async function errorText(code: number, retMsg: string): Promise<string> {
  const translator = apiConfig().translator;
  if (translator && !translator.hasLoaded(ERROR_CODE_NS)) {
    await translator.loadNamespaces([ERROR_CODE_NS]).catch(() => {});
  }
  return codeMessage(code, retMsg);
}
