import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { logPath, scrubQueryValues } from '../lib/log-path.js';
import type { AppConfig } from './config.js';
import { censorFields, redactSecrets } from './log-redaction.js';

/** Fastify's logger options (its own and pino's), as an object. */
type LoggerConfig = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
type LogMethodHook = NonNullable<NonNullable<LoggerConfig['hooks']>['logMethod']>;

/**
 * The request as logged (its one line, lib/request-log.ts): the path only. Query strings
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
    // An error's own fields may hold what failed (a token, a code): blanked like any object's.
    ...censorFields(Object.fromEntries(Object.entries(err))),
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
    // Secrets blanked in every line (log-redaction.ts), in place of pino's costlier `redact`.
    formatters: { log: redactSecrets },
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
