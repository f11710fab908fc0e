import * as endpoints from '@gatehouse/contract/endpoints/qr-login';
import type { QrStatus } from '@gatehouse/contract';
import { api } from '../../api';

// The panel words every failure itself (an expired code is simply replaced), so no toasts.
const quiet = { hideError: true } as const;

/** `qrGenerate`: a code for this browser (the server binds it with an HttpOnly cookie). */
export async function generateQrCode(): Promise<{ uuid: string; expiresIn: number } | undefined> {
  const result = (await api.call(endpoints.qrGenerate, {}, quiet))?.result;
  return result && { uuid: result.uuid, expiresIn: result.expires_in };
}

/** `qrStatus`; on `confirmed` the session cookie came with the answer. */
export async function fetchQrStatus(uuid: string): Promise<QrStatus | undefined> {
  return (await api.call(endpoints.qrStatus, { uuid }, quiet))?.result;
}

export { endpoints as qrCalls };
