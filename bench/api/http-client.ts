// The bench's HTTP client: keep-alive connections from chosen loopback source addresses (as real
// traffic comes from many clients, each with its own connection) and a cookie jar per client.
import { Agent, request } from 'node:http';

/** The answer envelope of every API call (spec §7). */
export interface Envelope {
  ret_code: number;
  ret_msg: string;
  result: Record<string, unknown> | null;
}

export interface Sent {
  status: number;
  body: string;
}

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Loopback source address (127.x.y.z); each gets its own keep-alive pool. */
  from?: string;
  /** Cookies to send, and where Set-Cookie answers go (a browser's jar). */
  jar?: Map<string, string>;
}

export class BenchClient {
  readonly #agents = new Map<string, Agent>();

  constructor(
    readonly port: number,
    readonly host = `localhost:${port}`,
  ) {}

  send(call: Call): Promise<Sent> {
    const from = call.from ?? '127.0.0.1';
    let agent = this.#agents.get(from);
    if (!agent) this.#agents.set(from, (agent = new Agent({ keepAlive: true })));
    const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
    const cookie = call.jar ? [...call.jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
    return new Promise((resolveSent, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port,
          localAddress: from,
          agent,
          method: call.method,
          path: call.path,
          headers: {
            host: this.host,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...(cookie ? { cookie } : {}),
            ...call.headers,
          },
        },
        (res) => {
          if (call.jar) {
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair = ''] = line.split(';');
              const at = pair.indexOf('=');
              if (at > 0) call.jar.set(pair.slice(0, at), pair.slice(at + 1));
            }
          }
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolveSent({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** An API call (`/x-api` + path) answered with the envelope. */
  async api(call: Call): Promise<Envelope> {
    const sent = await this.send({ ...call, path: `/x-api${call.path}` });
    return JSON.parse(sent.body) as Envelope;
  }

  close(): void {
    for (const agent of this.#agents.values()) agent.destroy();
    this.#agents.clear();
  }
}
