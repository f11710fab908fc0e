import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

// Tests build many apps in one process; one secret per name for all of them is enough.
const inMemory = new Map<string, string>();

/**
 * A server secret: the configured one, else the one kept in `file` under DATA_DIR (0600), else a new
 * one written there. Instances must share it (configure it, or share DATA_DIR). Without a DATA_DIR
 * (tests) one random secret per `name` lives in memory.
 */
export async function loadKeptSecret(options: {
  name: string;
  configured: string | null;
  file: string | null;
}): Promise<string> {
  if (options.configured) return options.configured;
  const { file } = options;
  if (file === null) {
    const kept = inMemory.get(options.name) ?? crypto.randomBytes(32).toString('hex');
    inMemory.set(options.name, kept);
    return kept;
  }
  try {
    const kept = (await fs.readFile(file, 'utf8')).trim();
    if (kept.length >= 32) return kept;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const fresh = crypto.randomBytes(32).toString('hex');
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // `wx`: when another instance on the same DATA_DIR wrote it first, use theirs.
    await fs.writeFile(file, fresh, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await fs.readFile(file, 'utf8')).trim();
  }
}
