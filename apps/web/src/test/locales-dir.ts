import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `apps/web/public/locales`. A path, not `new URL(…, import.meta.url)`: Vite rewrites that into an asset URL. */
export const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../public/locales');
