// CPU time of the processes a bench round loads, read before and after the round: only one target
// is under load at a time, so what a process spent in between is that round's.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Node flags that make a child answer `cpuOf(child)` (it needs an 'ipc' entry in its stdio). */
export const REPORT_CPU_ARGS = [
  '--import',
  pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), 'report-cpu.mjs')).href,
];

/** This process's CPU time, µs (argon2id alone runs here). */
export function ownCpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** CPU time of a child started with REPORT_CPU_ARGS, µs, as the child's process.cpuUsage() says. */
export function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolveCpu, reject) => {
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('cpuMicros' in message)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolveCpu(Number(message.cpuMicros));
    };
    const onExit = () => reject(new Error('the measured process exited'));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send('cpu');
  });
}

const TICKS_PER_SECOND = 100; // USER_HZ; Linux reports /proc times in it on every architecture

/**
 * CPU time of another process from /proc/<pid>/stat (utime + stime, µs at 10 ms resolution): the
 * PostgreSQL backends serving a server. Null when unreadable (not Linux, the process is gone, or
 * the database runs elsewhere).
 */
export function procCpuMicros(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1_000_000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}
