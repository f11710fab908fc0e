import net from 'node:net';
import type { App } from '../app.js';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 request written byte for byte on a socket: the request target goes out exactly as
 * given (inject() and http.request() would parse, normalise or refuse some of the spellings an
 * attacker sends). Test-only.
 */
export function rawRequest(
  port: number,
  opts: { method?: string; target: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const body = opts.body ?? '';
  const headers: Record<string, string> = {
    host: 'localhost',
    connection: 'close',
    'content-length': String(Buffer.byteLength(body)),
    ...opts.headers,
  };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end(`${opts.method ?? 'GET'} ${opts.target} HTTP/1.1\r\n${head}\r\n${body}`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', reject);
    socket.on('end', () => resolve(parseResponse(Buffer.concat(chunks))));
  });
}

function parseResponse(raw: Buffer): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(split + 4);
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
}

function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    const size = Number.parseInt(raw.subarray(at, eol).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** Listen on a free loopback port; returns the port. Close the app as usual. */
export async function listenOnLoopback(app: App): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return address.port;
}
