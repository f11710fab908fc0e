// One measured round of one target, and the medians over rounds.
import { performance } from 'node:perf_hooks';

export interface Round {
  ops: number;
  seconds: number;
  /** CPU time the target's process(es) spent in the round, µs. */
  cpuMicros: number;
  /** CPU of the target's store processes (PostgreSQL backends), µs; null when not read. */
  storeCpuMicros: number | null;
  latenciesMs: number[];
  failures: number;
}

export interface Meters {
  cpu(): Promise<number>;
  storeCpu?: () => Promise<number | null>;
}

/**
 * `total` operations with `concurrency` in flight (worker w always sends as client w), the target's
 * CPU read before and after. Nothing else is under load meanwhile, so that CPU is the round's.
 */
export async function runRound(
  total: number,
  concurrency: number,
  meters: Meters,
  task: (i: number, worker: number) => Promise<boolean>,
): Promise<Round> {
  const latenciesMs: number[] = [];
  let next = 0;
  let failures = 0;
  const [cpuBefore, storeBefore] = await Promise.all([meters.cpu(), meters.storeCpu?.() ?? null]);
  const started = performance.now();
  const worker = async (w: number) => {
    while (next < total) {
      const i = next++;
      const t0 = performance.now();
      const ok = await task(i, w);
      latenciesMs.push(performance.now() - t0);
      if (!ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const seconds = (performance.now() - started) / 1000;
  const [cpuAfter, storeAfter] = await Promise.all([meters.cpu(), meters.storeCpu?.() ?? null]);
  return {
    ops: total,
    seconds,
    cpuMicros: cpuAfter - cpuBefore,
    storeCpuMicros: storeBefore === null || storeAfter === null ? null : storeAfter - storeBefore,
    latenciesMs,
    failures,
  };
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

export function percentile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
}

/** A target's figures over its rounds: medians of the per-round values, latency over all requests. */
export interface Summary {
  cpuMsPerOp: number;
  storeCpuMsPerOp: number | null;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

export function summarise(rounds: Round[]): Summary {
  const latencies = rounds.flatMap((r) => r.latenciesMs);
  const stores = rounds.map((r) => r.storeCpuMicros);
  return {
    cpuMsPerOp: median(rounds.map((r) => r.cpuMicros / r.ops / 1000)),
    storeCpuMsPerOp: stores.every((s) => s !== null)
      ? median(rounds.map((r) => (r.storeCpuMicros ?? 0) / r.ops / 1000))
      : null,
    perSecond: median(rounds.map((r) => r.ops / r.seconds)),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failures: rounds.reduce((n, r) => n + r.failures, 0),
  };
}

/**
 * The ratio of two targets measured in the same rounds: the median of the per-round ratios, so a
 * neighbour's burst that slowed one round slows both sides of that round's ratio.
 */
export function pairedRatio(
  a: Round[],
  b: Round[],
  of: (r: Round) => number,
  ofB: (r: Round) => number = of,
): number {
  return median(a.flatMap((ra, i) => (b[i] ? [of(ra) / ofB(b[i])] : [])));
}
