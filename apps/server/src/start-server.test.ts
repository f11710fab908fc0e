import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from './app.js';
import type { Env } from './config/index.js';
import { botTokenFile, generateBotToken } from './modules/telegram/telegram-bot-token.js';
import { readConfig, startServer } from './start-server.js';
import { testConfig } from './test-support/test-app.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gatehouse-start-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

const apps: App[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const app of apps.splice(0)) await app.close();
});

/** process.exit as a throw, so a refused start is an assertion rather than the end of the test run. */
function trapExit() {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
    throw new Error(`exit ${String(code)}`);
  });
  return { error, exit, printed: () => error.mock.calls.map((c) => c.join(' ')).join('\n') };
}

/** `npm start` on every interface, as the README's old "expose it" line had it. */
async function start(env: Env): Promise<{ app: App; port: number; stdout: string }> {
  const writes: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    writes.push(String(chunk));
    return true;
  });
  try {
    const app = await startServer(
      testConfig({
        NODE_ENV: 'development',
        HOST: '0.0.0.0',
        PORT: '0',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        ...env,
      }),
    );
    apps.push(app);
    return { app, port: (app.server.address() as AddressInfo).port, stdout: writes.join('') };
  } finally {
    write.mockRestore();
  }
}

/** An address of this machine that is not loopback: connecting to it, our peer address is not loopback either. */
function networkAddress(): string | null {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return null;
}

/** GET over a real socket to `address`, with the Host a local browser would send. */
function fetchVia(address: string, port: number, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: address, port, path: url, headers: { host: `localhost:${port}` } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
  });
}

describe('start: development on a network address', () => {
  it('refuses with the real bot token configured, saying what to do instead', () => {
    const trap = trapExit();
    expect(() =>
      readConfig({
        DATABASE_URL: 'sqlite::memory:',
        NODE_ENV: 'development',
        HOST: '0.0.0.0',
        TELEGRAM_BOT_TOKEN: generateBotToken(),
      }),
    ).toThrow('exit 1');
    expect(trap.exit).toHaveBeenCalledWith(1);
    expect(trap.printed()).toContain('TELEGRAM_BOT_TOKEN');
    expect(trap.printed()).toContain('NODE_ENV=production');
    expect(trap.printed()).toContain('DEV_TOOLS=network');
  });

  it('refuses with SMTP credentials configured', () => {
    const trap = trapExit();
    expect(() =>
      readConfig({
        DATABASE_URL: 'sqlite::memory:',
        HOST: '::',
        SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
      }),
    ).toThrow('exit 1');
    expect(trap.printed()).toContain('SMTP_URL');
    expect(trap.printed()).not.toContain('user:pass');
  });

  it('serves without credentials; the tools answer over loopback only (a real socket)', async () => {
    const { port, stdout } = await start({});
    expect(stdout).toContain('answer only this machine');
    expect(await fetchVia('127.0.0.1', port, '/dev/outbox.json')).toBe(200);
    const lan = networkAddress();
    if (lan === null) {
      console.warn(
        'no non-loopback IPv4 interface on this machine: the real-socket network check is not run',
      );
      return;
    }
    expect(await fetchVia(lan, port, '/x-api/health')).toBe(200);
    expect(await fetchVia(lan, port, '/dev/outbox.json')).toBe(404);
    expect(await fetchVia(lan, port, '/dev/telegram/simulator')).toBe(404);
  });

  it('with DEV_TOOLS=network: starts with the credentials, prints the warning, and the tools answer', async () => {
    const { app, port, stdout } = await start({
      DEV_TOOLS: 'network',
      TELEGRAM_BOT_TOKEN: generateBotToken(),
    });
    expect(stdout).toContain('!! WARNING: DEV_TOOLS=network');
    const remote = await app.inject({ url: '/dev/outbox', remoteAddress: '203.0.113.5' });
    expect(remote.statusCode).toBe(200);
    expect(remote.body).toContain('DEV_TOOLS=network: the outbox');
    const lan = networkAddress();
    if (lan !== null) expect(await fetchVia(lan, port, '/dev/outbox.json')).toBe(200);
  });
});

describe('start: production with a development secret', () => {
  it('refuses the Telegram simulator bot token', async () => {
    const token = generateBotToken();
    await fs.mkdir(path.dirname(botTokenFile(dataDir)), { recursive: true });
    await fs.writeFile(botTokenFile(dataDir), `${token}\n`);
    // Switched after reading, so this test does not depend on what else production requires.
    const config = {
      ...testConfig({ DATA_DIR: dataDir, TELEGRAM_BOT_TOKEN: token }),
      nodeEnv: 'production' as const,
    };
    const trap = trapExit();
    await expect(startServer(config)).rejects.toThrow('exit 1');
    expect(trap.printed()).toContain('TELEGRAM_BOT_TOKEN is the token development generated');
  });
});
