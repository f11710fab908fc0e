import * as endpoints from '@gatehouse/contract/endpoints/qr-login';
import type { QrScanInfo } from '@gatehouse/contract';
import { api } from '../../api';

// The page handles "not logged in" (to the login and back) and "expired" itself: no toasts.
const quiet = { hideError: true } as const;

/** `qrScan`: takes the code for this account and answers who is asking. */
export async function scanQrCode(uuid: string): Promise<QrScanInfo | undefined> {
  return (await api.call(endpoints.qrScan, { uuid }, quiet))?.result;
}

export async function confirmQrCode(uuid: string): Promise<boolean> {
  return (await api.call(endpoints.qrConfirm, { uuid }, quiet))?.result.confirmed === true;
}

export async function cancelQrCode(uuid: string): Promise<boolean> {
  return (await api.call(endpoints.qrCancel, { uuid }, quiet))?.result.cancelled === true;
}

export { endpoints as qrCalls };
