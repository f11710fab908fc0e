import crypto from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { App } from '../../app.js';
import { encryptedPassword, PASSWORD, postJson, type Device } from '../login/login.test-kit.js';

/**
 * A software passkey authenticator for tests: ES256 (P-256) keys, "none" attestation, user presence
 * and verification flags, and a signature counter, producing exactly the JSON `@simplewebauthn/browser`
 * sends. Test-only; nothing in the app imports it.
 */

export const HOST = 'localhost:3000';
export const ORIGIN = `http://${HOST}`;
export const RP_ID = 'localhost';

const b64u = (bytes: Uint8Array<ArrayBuffer>) => isoBase64URL.fromBuffer(bytes);
const sha256 = (data: Uint8Array | string) =>
  new Uint8Array(crypto.createHash('sha256').update(data).digest());
const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
};
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface Passkey {
  id: string;
  userHandle: string;
  privateKey: crypto.KeyObject;
  counter: number;
}

interface Options {
  challenge: string;
  user?: { id: string };
}

export interface CeremonyAnswer {
  ret_code: number;
  result: { challenge_id: string; options: Options; expires_in: number } | null;
}

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** `navigator.credentials.create` on this authenticator: a new passkey and the browser's answer. */
export function createCredential(
  options: Options,
  at: { origin?: string; rpId?: string; userVerified?: boolean } = {},
) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]),
  );
  const credId = new Uint8Array(crypto.randomBytes(32));
  const flags = FLAG_UP | FLAG_AT | (at.userVerified === false ? 0 : FLAG_UV);
  const idLen = new Uint8Array([0, credId.length]);
  const authData = new Uint8Array([
    ...sha256(at.rpId ?? RP_ID),
    flags,
    ...u32(0),
    ...new Uint8Array(16), // aaguid
    ...idLen,
    ...credId,
    ...cose,
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, never> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, never>()],
      ['authData', authData],
    ]),
  );
  const passkey: Passkey = { id: b64u(credId), userHandle: options.user?.id ?? '', privateKey, counter: 0 };
  const credential = {
    id: passkey.id,
    rawId: passkey.id,
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64u(clientData('webauthn.create', options.challenge, at.origin ?? ORIGIN)),
      attestationObject: b64u(attestationObject),
      transports: ['internal' as const],
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
  };
  return { passkey, credential };
}

/** `navigator.credentials.get`: an assertion of `passkey` for `challenge`; the counter rises first. */
export function assert(
  passkey: Passkey,
  challenge: string,
  at: { origin?: string; rpId?: string; counter?: number; userVerified?: boolean } = {},
) {
  passkey.counter = at.counter ?? passkey.counter + 1;
  const flags = FLAG_UP | (at.userVerified === false ? 0 : FLAG_UV);
  const authData = new Uint8Array([...sha256(at.rpId ?? RP_ID), flags, ...u32(passkey.counter)]);
  const data = clientData('webauthn.get', challenge, at.origin ?? ORIGIN);
  const signature = crypto.sign('sha256', new Uint8Array([...authData, ...sha256(data)]), passkey.privateKey);
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64u(data),
      authenticatorData: b64u(authData),
      signature: b64u(new Uint8Array(signature)),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
  };
}

/** The session's passkey registration through the real calls; answers the authenticator's passkey. */
export async function registerPasskey(
  app: App,
  cookie: string,
  dev: Device,
  name?: string,
): Promise<Passkey> {
  const cookies = { gh_session: cookie };
  const started = (
    await postJson(app, '/user/private/passkeys/register/options', encryptedPassword(app, PASSWORD), dev, {
      cookies,
      host: HOST,
    })
  ).json<CeremonyAnswer>();
  if (!started.result) throw new Error(`passkey options failed: ${JSON.stringify(started)}`);
  const { passkey, credential } = createCredential(started.result.options);
  const done = await postJson(
    app,
    '/user/private/passkeys/register',
    { challenge_id: started.result.challenge_id, credential, ...(name ? { name } : {}) },
    dev,
    { cookies, host: HOST },
  );
  if (done.json<{ ret_code: number }>().ret_code !== 0)
    throw new Error(`passkey register failed: ${done.body}`);
  return passkey;
}

/** A passkey login's first call: the challenge id and the challenge to sign. */
export async function loginOptions(app: App, dev: Device, host = HOST) {
  const res = await postJson(app, '/user/public/login/passkey/options', {}, dev, { host });
  const body = res.json<CeremonyAnswer>();
  if (!body.result) throw new Error(`login options failed: ${res.body}`);
  return { challengeId: body.result.challenge_id, challenge: body.result.options.challenge };
}
