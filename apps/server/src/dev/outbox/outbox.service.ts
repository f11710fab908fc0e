import type { Db } from '../../db/connect.js';
import { createOutboxRepository, type OutboxRow } from '../../modules/delivery/outbox.repository.js';

/** A message the server sent (or stored), as the outbox keeps it. */
export type OutboxMessage = OutboxRow;

/**
 * What the outbox page reads: the delivery module writes the outbox (modules/delivery), this
 * development tool only lists it.
 */
export interface OutboxReader {
  /** Newest first; only `recipient`'s when given. */
  latest(opts: { recipient?: string; limit: number }): Promise<OutboxMessage[]>;
}

export function createOutboxReader(db: Db): OutboxReader {
  const outbox = createOutboxRepository(db);
  return { latest: (opts) => outbox.latest(opts) };
}
