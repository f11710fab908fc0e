import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.js';

/**
 * Paths pino blanks out wherever they appear in a log line: credentials travel in these headers,
 * and a body or object logged by mistake must not leak a password or code.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.usertoken',
  'req.headers.tgtoken',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers.usertoken',
  'password',
  'new_password',
  'token',
  '*.password',
  '*.new_password',
  '*.token',
  '*.code',
  '*.tmp_token',
  '*.telegram_callback',
  '*.telegram_callback_mini',
  '*.tg_pending_id',
  'headers.tgtoken',
];

export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  const base = { level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  // Readable lines on a developer's terminal; JSON lines everywhere else (collectors parse them).
  if (config.nodeEnv === 'development' && process.stdout.isTTY && hasPrettyPrinter()) {
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
