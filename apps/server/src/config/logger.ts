import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { logPath, scrubQueryValues } from '../lib/log-path.js';
import type { AppConfig } from './config.js';

/** Fastify's logger options (its own and pino's), as an object. */
type LoggerConfig = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
type LogMethodHook = NonNullable<NonNullable<LoggerConfig['hooks']>['logMethod']>;

/**
 * Paths pino blanks out wherever they appear in a log line: credentials travel in these headers,
 * and a body or object logged by mistake must not leak a password, code or token.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.usertoken',
  'req.headers.tgtoken',
  'req.headers["x-api-key"]',
  'req.headers["x-signup-binding"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers.usertoken',
  'headers.tgtoken',
  'headers["x-signup-binding"]',
  'password',
  'new_password',
  'token',
  '*.password',
  '*.new_password',
  '*.encrypt_password',
  '*.token',
  '*.code',
  '*.uuid',
  '*.tmp_token',
  '*.reset_token',
  '*.code_verifier',
  '*.client_secret',
  '*.refresh_token',
  '*.access_token',
  '*.id_token',
  '*.signup_binding',
  '*.init_data',
  '*.telegram_callback',
  '*.telegram_callback_mini',
  '*.tg_pending_id',
];

/**
 * The request as logged ("incoming request", and beside a 500): the path only. Query strings
 * carry secrets (the sign-up link's uuid and token, OAuth codes, recall's uuid), and the path is
 * what an operator needs; bodies and headers are never logged.
 */
function requestForLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: logPath(req.url),
    host: req.host,
    remoteAddress: req.ip,
  };
}

/**
 * An error as logged: like pino's standard serializer (type, message, stack, own enumerable fields,
 * the cause), with any URL quoted in the message or stack stripped of its query values.
 */
function errorForLog(err: Error, depth = 0): { type: string; message: string; stack: string } {
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    ...Object.fromEntries(Object.entries(err)),
    type: err.constructor.name,
    message: scrubQueryValues(err.message),
    stack: scrubQueryValues(err.stack ?? ''),
  };
  if (err.cause instanceof Error && depth < 3) out.cause = errorForLog(err.cause, depth + 1);
  return out;
}

/** Free-text messages (Fastify's own, ours) may quote a URL: its query values are blanked too. */
const scrubMessages: LogMethodHook = function (args, method) {
  const scrubbed = args.map((arg: unknown) => (typeof arg === 'string' ? scrubQueryValues(arg) : arg));
  method.apply(this, scrubbed as Parameters<typeof method>);
};

/**
 * Logger options of the app. `stream` replaces stdout (tests read the lines). Development keeps
 * message text as written: the delivery module prints sign-up links there on purpose (never in
 * production; docs/development.md).
 */
export function loggerOptions(config: AppConfig, stream?: LoggerConfig['stream']): LoggerConfig {
  const base: LoggerConfig = {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: requestForLog, err: (err) => errorForLog(err) },
    ...(config.nodeEnv === 'development' ? {} : { hooks: { logMethod: scrubMessages } }),
    ...(stream ? { stream } : {}),
  };
  // Readable lines on a developer's terminal; JSON lines everywhere else (collectors parse them).
  if (!stream && config.nodeEnv === 'development' && process.stdout.isTTY && hasPrettyPrinter()) {
    return {
      ...base,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    };
  }
  return base;
}

/** pino-pretty is a development dependency: a production install may not have it. */
function hasPrettyPrinter(): boolean {
  try {
    import.meta.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}
