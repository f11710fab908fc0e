import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

type Level = 'info' | 'warn' | 'error';
const RANK: Record<Level, number> = { info: 0, warn: 1, error: 2 };

/** What a request's line says beyond method, path, status and time (see noteForLog). */
interface Note {
  level: Level;
  msg: string;
  fields: Record<string, unknown>;
  /** Written already (a failure is logged when it happens, see noteForLog). */
  written: boolean;
}

const notes = new WeakMap<FastifyRequest, Note>();

/**
 * Add to the request's one log line (RequestLog): `fields` join it, and the line takes `msg` and
 * `level` unless an earlier note had a level as high. A refusal, a redirect to the envelope, a
 * code the entry does not declare: what the operator needs about this request, on its line.
 *
 * An `error` is written at once, with the request and its status so far, and ends the request's
 * logging: it must reach the log even if the client goes away before the answer is finished (a
 * request whose response never finishes has no completion line).
 */
export function noteForLog(
  request: FastifyRequest,
  level: Level,
  msg: string,
  fields: Record<string, unknown> = {},
): void {
  const note = notes.get(request);
  if (note?.written) return;
  const merged: Note = note
    ? {
        ...note,
        // The first message at the highest level stays: the most specific is noted first
        // (`login refused` before the error handler's `request refused`).
        ...(RANK[level] > RANK[note.level] ? { level, msg } : {}),
        fields: { ...note.fields, ...fields },
      }
    : { level, msg, fields, written: false };
  notes.set(request, merged);
  if (merged.level === 'error') {
    merged.written = true;
    request.log.error({ req: request, ...merged.fields }, merged.msg);
  }
}

/**
 * Fastify's request logging, one line per request (ADR 0019): nothing when it arrives, one line
 * when its answer has been written — method, path, status and time at info ("request completed");
 * in detail (host, client address, route, user agent, what was noted) when it was refused, failed or
 * slow. A request taking `slowMs` or longer is logged at warn ("slow request"); a failure is logged
 * at error by noteForLog as it happens, and then has no second line.
 */
export class RequestLog extends LogController {
  readonly #slowMs: number;

  constructor(slowMs: number) {
    super();
    this.#slowMs = slowMs;
  }

  /** The completion line tells it all: no line on arrival. */
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const note = notes.get(request);
    if (note?.written) return;
    const responseTime = reply.elapsedTime;
    const base = { req: request, res: reply, responseTime };
    if (error) {
      // The response stream failed after the answer started: Fastify's "request errored".
      request.log.error(
        { ...base, ...this.#detail(request), ...note?.fields, err: error },
        'request errored',
      );
      return;
    }
    const slow = responseTime >= this.#slowMs;
    if (!note && !slow) {
      request.log.info(base, 'request completed');
      return;
    }
    const level: Level = slow && (!note || note.level === 'info') ? 'warn' : (note?.level ?? 'warn');
    const msg = note?.msg ?? 'slow request';
    request.log[level](
      { ...base, ...this.#detail(request), ...note?.fields, ...(slow ? { slow: true } : {}) },
      msg,
    );
  }

  #detail(request: FastifyRequest) {
    const agent = request.headers['user-agent'];
    return { route: request.routeOptions.url ?? null, userAgent: agent?.slice(0, 256) ?? null };
  }
}
