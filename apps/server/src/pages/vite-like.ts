import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The part of a Vite dev server (middleware mode) the app uses. Structural, so production code
 * never imports Vite; src/dev.ts passes the real thing.
 */
export interface ViteLike {
  middlewares: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
  transformIndexHtml(url: string, html: string): Promise<string>;
  close(): Promise<void>;
}
