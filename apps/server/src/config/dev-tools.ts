import { BlockList, isIP } from 'node:net';

/**
 * Who the development stand-ins (outbox, Telegram simulator, demo OAuth client) answer:
 * `loopback` (the default) only this machine, directly; `network` anyone who reaches the port;
 * `off` nobody (not registered). Production never registers them, whatever this says.
 */
export const DEV_TOOLS_MODES = ['loopback', 'network', 'off'] as const;
export type DevToolsMode = (typeof DEV_TOOLS_MODES)[number];

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * A socket peer on this machine: 127.0.0.0/8 or ::1, also written as IPv4-mapped IPv6
 * (`::ffff:127.0.0.1`, which a dual-stack listener reports). Anything else, or no address, is not.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  // BlockList checks an IPv4-mapped IPv6 address against the IPv4 rules too.
  return loopback.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** A listen address (HOST) that only this machine can reach. `0.0.0.0` and `::` are every interface. */
export function isLoopbackListen(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || isLoopbackAddress(h);
}

/**
 * Variables that hold credentials of real outside services. With one of them set, a development
 * server's stand-ins act with real consequences: the simulator signs for any Telegram user with
 * the real bot's token, and the outbox shows codes that really went out (mail or SMS).
 */
export const REAL_CREDENTIAL_VARIABLES = ['TELEGRAM_BOT_TOKEN', 'SMTP_URL', 'SMS_AUTH_TOKEN'] as const;

/**
 * Why this environment must not start, or null. A development (or test) server listening beyond
 * loopback with real credentials and the default DEV_TOOLS is almost always `npm start` copied onto
 * a server: refuse, and say which two ways out there are.
 */
export function devToolsExposureProblem(env: {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  devTools: DevToolsMode;
  configured: (name: (typeof REAL_CREDENTIAL_VARIABLES)[number]) => boolean;
}): string | null {
  if (env.nodeEnv === 'production') {
    return env.devTools === 'network'
      ? 'DEV_TOOLS=network: production has no development tools; remove it'
      : null;
  }
  if (env.devTools !== 'loopback' || isLoopbackListen(env.host)) return null;
  const real = REAL_CREDENTIAL_VARIABLES.filter((name) => env.configured(name));
  if (!real.length) return null;
  return [
    `HOST=${env.host} is reachable from the network, NODE_ENV=${env.nodeEnv} runs the development`,
    `  tools, and ${real.join(', ')} ${real.length > 1 ? 'are' : 'is'} set: the outbox and the Telegram simulator`,
    '  would act with real credentials. To serve other people, run NODE_ENV=production (docs/configuration.md',
    '  "Running a server"). To let a colleague try the development build, set DEV_TOOLS=network (the tools',
    '  answer everyone) or DEV_TOOLS=off (no tools), or remove those credentials.',
  ].join('\n');
}

/** Printed at start and on every outbox page while the development tools answer the network. */
export const DEV_TOOLS_NETWORK_WARNING =
  'DEV_TOOLS=network: the outbox (every code and link sent) and the Telegram simulator (signs in as ' +
  'any Telegram user) answer anyone who can reach this server. Never use it with real users or ' +
  'real credentials.';

/**
 * What the start banner says about the development tools, or null when there is nothing to say
 * (production, DEV_TOOLS=off, or a loopback-only server where they simply work).
 */
export function devToolsNotice(config: {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  devTools: DevToolsMode;
}): string | null {
  if (config.nodeEnv === 'production' || config.devTools === 'off') return null;
  if (config.devTools === 'network') {
    const rule = '!'.repeat(78);
    return [rule, `!! WARNING: ${DEV_TOOLS_NETWORK_WARNING}`, rule].join('\n');
  }
  if (isLoopbackListen(config.host)) return null;
  return [
    `Development tools (/dev/outbox, /dev/telegram/simulator, /dev/oauth-demo) answer only this machine,`,
    `  not requests through a proxy: HOST=${config.host} opens the site, not them. To let a colleague try`,
    '  them set DEV_TOOLS=network; to serve users run NODE_ENV=production (docs/configuration.md).',
  ].join('\n');
}
