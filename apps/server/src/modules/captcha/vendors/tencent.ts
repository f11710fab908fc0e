import crypto from 'node:crypto';
import type { CaptchaConfig } from '../captcha-config.js';
import { isRecord, postVendor, type VendorVerifier } from './vendor-verifier.js';

type TencentConfig = NonNullable<CaptchaConfig['tencent']>;

const SERVICE = 'captcha';
const ACTION = 'DescribeCaptchaResult';
const VERSION = '2019-07-22';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256 = (data: string) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();

/**
 * Tencent Cloud API v3 signature (TC3-HMAC-SHA256) over content-type and host, as documented for
 * every Tencent Cloud API. Exported for the test's stand-in, which checks it the same way.
 */
export function tc3Authorization(options: {
  secretId: string;
  secretKey: string;
  host: string;
  payload: string;
  timestamp: number;
}): string {
  const date = new Date(options.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${CONTENT_TYPE}\nhost:${options.host}\n`,
    'content-type;host',
    sha256(options.payload),
  ].join('\n');
  const scope = `${date}/${SERVICE}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(options.timestamp), scope, sha256(canonicalRequest)].join(
    '\n',
  );
  const signingKey = hmac(hmac(hmac(`TC3${options.secretKey}`, date), SERVICE), 'tc3_request');
  const signature = crypto.createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${options.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

/**
 * TCaptcha `DescribeCaptchaResult` (CaptchaType 9): `Response.CaptchaCode` 1 means the ticket
 * is good; any other code is a refusal, and an `Error` object means the call itself failed.
 */
export function tencentVerifier(
  config: TencentConfig,
  timeoutMs: number,
  now: () => number = Date.now,
): VendorVerifier<'tencent'> {
  return {
    type: 'tencent',
    tokenOf: (r) => r.ticket,
    async verify(r, ctx) {
      const appId = Number(config.appId);
      const payload = JSON.stringify({
        CaptchaType: 9,
        Ticket: r.ticket,
        UserIp: ctx.ip,
        Randstr: r.randstr,
        CaptchaAppId: Number.isSafeInteger(appId) ? appId : config.appId,
        AppSecretKey: config.appSecretKey,
      });
      const host = new URL(config.verifyUrl).host;
      const timestamp = Math.floor(now() / 1000);
      const answer = await postVendor(
        config.verifyUrl,
        {
          body: payload,
          headers: {
            'content-type': CONTENT_TYPE,
            authorization: tc3Authorization({
              secretId: config.secretId,
              secretKey: config.secretKey,
              host,
              payload,
              timestamp,
            }),
            'x-tc-action': ACTION,
            'x-tc-version': VERSION,
            'x-tc-timestamp': String(timestamp),
          },
        },
        timeoutMs,
      );
      const response = isRecord(answer) ? answer.Response : undefined;
      if (!isRecord(response) || 'Error' in response || typeof response.CaptchaCode !== 'number')
        return 'unavailable';
      return response.CaptchaCode === 1 ? 'ok' : 'invalid';
    },
  };
}
