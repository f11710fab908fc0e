// Logins as users send them: one account and one known device per concurrent client (a device the
// account signed up from, so no code step), the password encrypted by the web app's own function,
// each ciphertext used once (the server refuses replays), from many loopback source addresses.
import { randomUUID } from 'node:crypto';
// The bench drives the browser's real encryption code, so what it measures is what users send.
import { encryptPassword } from '../../apps/web/src/lib/auth/encrypt-password.js';
import type { BenchClient, Envelope } from './http-client.js';

interface Device {
  email: string;
  guid: string;
}

export interface LoginWorkload {
  /** Encrypt `count` logins ahead of a round: the client's work is not the server's. */
  prepare(count: number): Promise<void>;
  /** The i-th prepared login, sent by concurrent client `worker`; true when it logged in. */
  login(i: number, worker: number): Promise<boolean>;
  /** The first refusal seen, for the report. */
  firstFailure(): Envelope | undefined;
}

const headersOf = (guid: string) => ({ platform: 'pc', guid, 'tx-id': guid });

/**
 * Logins come from many users, and the server limits guesses per address (30 a minute). The bench
 * spreads its requests over loopback source addresses (127.0.1.1–127.0.1.250) as real traffic is
 * spread over clients, instead of loosening the limit it would then not measure.
 */
const loginAddress = (i: number) => `127.0.1.${1 + (i % 250)}`;
/** Sign-ups come from addresses of their own (127.0.2.x): their send limits count apart. */
const signUpAddress = (worker: number) => `127.0.2.${1 + (worker % 250)}`;

export async function createLoginWorkload(
  client: BenchClient,
  opts: { devices: number; password: string },
): Promise<LoginWorkload> {
  const key = await passwordKey(client);
  const devices: Device[] = [];
  for (let w = 0; w < opts.devices; w++) {
    const device = { email: `bench-${w}-${randomUUID()}@example.com`, guid: randomUUID() };
    await signUp(client, key, device, signUpAddress(w), opts.password);
    devices.push(device);
  }

  let bodies: { encrypt_password: string; encrypt_timestamp: string }[] = [];
  let failure: Envelope | undefined;
  return {
    async prepare(count) {
      bodies = await Promise.all(Array.from({ length: count }, () => encryptPassword(opts.password, key)));
    },
    async login(i, worker) {
      const device = devices[worker % devices.length];
      const body = bodies[i];
      if (!device || !body) throw new Error(`login ${i} was not prepared`);
      const envelope = await client.api({
        method: 'POST',
        path: '/login',
        body: { email: device.email, ...body },
        headers: headersOf(device.guid),
        from: loginAddress(i),
      });
      const ok = envelope.ret_code === 0 && envelope.result?.need_verify == null;
      if (!ok) failure ??= envelope;
      return ok;
    },
    firstFailure: () => failure,
  };
}

async function passwordKey(client: BenchClient): Promise<string> {
  const html = (await client.send({ method: 'GET', path: '/en/login' })).body;
  const json = /<script type="application\/json" id="gh-bootstrap">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const key = json ? (JSON.parse(json) as { passwordKey?: string }).passwordKey : undefined;
  if (!key) throw new Error('the login page carries no password key');
  return key;
}

/** Signs an account up through the real flow; the device that signs up is then known. */
async function signUp(
  client: BenchClient,
  key: string,
  device: Device,
  from: string,
  password: string,
): Promise<void> {
  // The sign-up is bound to the browser that started it (ADR 0012): its cookie goes along.
  const jar = new Map<string, string>();
  const call = async (step: string, path: string, body: unknown) => {
    const e = await client.api({ method: 'POST', path, body, headers: headersOf(device.guid), from, jar });
    if (e.ret_code !== 0) throw new Error(`sign-up ${step}: ${e.ret_code} ${e.ret_msg}`);
    return e.result ?? {};
  };
  const info = await call('info', '/user/public/register/info', { email: device.email, verify_type: 'code' });
  const outbox = JSON.parse(
    (
      await client.send({
        method: 'GET',
        path: `/dev/outbox.json?to=${encodeURIComponent(device.email)}`,
        from,
      })
    ).body,
  ) as { messages: { code: string | null }[] };
  const code = outbox.messages[0]?.code;
  if (!code) throw new Error('no sign-up code in the outbox');
  await call('verify', '/user/public/register/verify', { uuid: info.uuid, code });
  await call('password', '/user/public/register/password', {
    uuid: info.uuid,
    ...(await encryptPassword(password, key)),
  });
}
