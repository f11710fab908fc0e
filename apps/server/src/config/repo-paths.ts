import { fileURLToPath } from 'node:url';

/**
 * Paths inside the repository, resolved from this file's own location so they hold whatever the
 * working directory is (`npm start` at the root, `npm run start -w apps/server`, a test runner).
 * This file sits at apps/server/{src,dist}/config/, so both the source and the build agree.
 */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
export const WEB_SOURCE_ROOT = fileURLToPath(new URL('../../../web', import.meta.url));
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../../data', import.meta.url));
/** The server's own phrases: mail and SMS texts (`{lng}/mail.json`). */
export const SERVER_LOCALES_DIR = fileURLToPath(new URL('../../locales', import.meta.url));
