/**
 * The one seam for sending SMS. Only the outbox adapter exists here (no SMS gateway can be reached
 * offline). To add a provider (Twilio, Vonage, an aggregator…): write `sms-<name>.ts` exporting a
 * function that returns an SmsProvider (its `send` posts to the gateway and throws on failure),
 * add its settings to config (e.g. SMS_PROVIDER=<name> plus its credentials), and choose it in
 * delivery.plugin.ts. The outbox row is written before `send` is called, whatever the provider.
 */
export interface SmsProvider {
  readonly name: string;
  /** False when nothing leaves the server (the outbox adapter): the outbox row then stays `stored`. */
  readonly external: boolean;
  /** `to` is E.164. Resolves when the gateway accepted the message. */
  send(sms: { to: string; text: string }): Promise<void>;
}

/** Keeps SMS in the outbox only: what a developer reads at /dev/outbox. */
export const outboxOnlySmsProvider: SmsProvider = {
  name: 'outbox',
  external: false,
  send: () => Promise.resolve(),
};
