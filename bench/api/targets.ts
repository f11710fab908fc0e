// What a bench round loads: a name, how many operations a round sends, and how to send one.
import type { Meters } from './rounds.js';

export interface Target {
  name: string;
  /** Operations per round. */
  ops: number;
  meters: Meters;
  /** Work done before each round, outside the measurement (encrypting the round's passwords). */
  prepare?: (ops: number) => Promise<void>;
  /** One operation, sent as concurrent client `worker`; true when it got the expected answer. */
  task: (i: number, worker: number) => Promise<boolean>;
}
