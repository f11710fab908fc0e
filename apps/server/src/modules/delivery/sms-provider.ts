/**
 * The one seam for sending SMS: the outbox adapter below (the default), and `sms-twilio.ts`
 * (SMS_PROVIDER=twilio: any gateway speaking Twilio's Messages API). To add another provider
 * (Vonage, an aggregator…): write `sms-<name>.ts` exporting a function that returns an SmsProvider
 * (its `send` posts to the gateway and throws on failure), add its settings to config
 * (SMS_PROVIDER=<name> plus its credentials, config/config.ts `parseSms`), and choose it in
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
