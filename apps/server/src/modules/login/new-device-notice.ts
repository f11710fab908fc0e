import type { Account } from '../accounts/accounts.repository.js';
import type { Delivery } from '../delivery/delivery-types.js';
import { deviceSummary } from '../session/device-summary.js';

/** Who logged in, as the notice describes it. */
export interface NewDeviceClient {
  ip: string;
  userAgent: string | null;
  country: string | null;
  locale: string | null;
}

/** "2026-11-25 14:02 UTC": one form every language reads, without the reader's time zone to guess. */
const utc = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Tell the account that it was just logged in to from a device it had not used (docs/flows/sessions.md):
 * when, which browser and system, from which address (and country behind a trusted proxy). To the
 * e-mail, else the mobile by SMS. Sent after the session exists; a failed send is logged and changes
 * nothing.
 */
export async function sendNewDeviceNotice(
  deps: { delivery: Delivery; log: { warn(obj: object, msg: string): void } },
  account: Account,
  client: NewDeviceClient,
  at: number,
): Promise<void> {
  const to = account.email ?? account.mobile;
  if (!to) return;
  const summary = deviceSummary(client.userAgent);
  const device = [summary.browser, summary.os].filter(Boolean).join(', ') || summary.device;
  const place = client.country ? `${client.ip} (${client.country})` : client.ip;
  try {
    await deps.delivery.send({
      channel: account.email ? 'email' : 'sms',
      to,
      kind: 'new-device-sign-in',
      locale: client.locale ?? account.lang,
      vars: { time: utc(at), device, place },
    });
  } catch (err) {
    deps.log.warn({ err, userId: account.id }, 'new-device notice not sent');
  }
}
