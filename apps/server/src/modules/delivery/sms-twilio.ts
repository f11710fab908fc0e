import type { SmsProvider } from './sms-provider.js';

/**
 * An SMS gateway that speaks Twilio's Messages API (Twilio itself, and the many gateways that copy
 * its shape): `POST {base}/Accounts/{sid}/Messages.json`, form-encoded `To`, `From`, `Body`, HTTP
 * basic auth with the account SID and auth token. A 2xx answer means the gateway accepted the
 * message; anything else, a network error or the timeout throws, and delivery marks the outbox row
 * `failed` (delivery.service.ts).
 */
export interface TwilioSmsConfig {
  /** e.g. `https://api.twilio.com/2010-04-01`, without a trailing slash. */
  apiBase: string;
  accountSid: string;
  authToken: string;
  /** The sender: an E.164 number or an alphanumeric sender id. */
  from: string;
  timeoutMs: number;
}

/** Thrown for a refused message. Its message names the HTTP status and the gateway's numeric code only. */
export class SmsGatewayError extends Error {
  override name = 'SmsGatewayError';
  constructor(
    readonly status: number | null,
    readonly gatewayCode: number | null,
    reason: string,
  ) {
    super(reason);
  }
}

/** The most of an answer body read: an error answer is small; a larger one is not the gateway's. */
const MAX_ANSWER_BYTES = 16 * 1024;

export function createTwilioSmsProvider(config: TwilioSmsConfig): SmsProvider {
  const url = `${config.apiBase}/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;

  return {
    name: 'twilio',
    external: true,
    async send({ to, text }) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, From: config.from, Body: text }).toString(),
          // The credentials go to the configured gateway only, never to where a redirect points.
          redirect: 'error',
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (err) {
        // fetch's own errors quote neither the body nor the Authorization header.
        const timedOut = err instanceof Error && err.name === 'TimeoutError';
        throw new SmsGatewayError(
          null,
          null,
          timedOut
            ? `SMS gateway did not answer within ${config.timeoutMs} ms`
            : `SMS gateway unreachable: ${describeNetworkError(err)}`,
        );
      }
      const answer = await readAnswer(res);
      if (res.ok) {
        // Twilio answers 201 with the message's state; a gateway may also refuse in the body.
        if (answer?.status === 'failed' || answer?.status === 'undelivered')
          throw new SmsGatewayError(
            res.status,
            numberOrNull(answer.error_code),
            'SMS gateway refused the message',
          );
        return;
      }
      const code = numberOrNull(answer?.code);
      // The gateway's `message` may quote the recipient or the text (the code): only status and code are kept.
      throw new SmsGatewayError(
        res.status,
        code,
        `SMS gateway answered HTTP ${res.status}${code === null ? '' : ` (code ${code})`}`,
      );
    },
  };
}

type Answer = Partial<Record<'status' | 'code' | 'error_code', unknown>>;

async function readAnswer(res: Response): Promise<Answer | null> {
  try {
    const text = await res.text();
    if (text.length > MAX_ANSWER_BYTES) return null;
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Answer) : null;
  } catch {
    return null;
  }
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function describeNetworkError(err: unknown): string {
  const cause = err instanceof Error ? err.cause : undefined;
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string'
      ? cause.code
      : null;
  return code ?? (err instanceof Error ? err.name : 'error');
}
