import type { Rolldown } from 'vite';

/** A pattern for module ids ending in one of `paths` (relative to `apps/web/src`, or a package path). */
export function sourceFiles(...paths: string[]): RegExp {
  const escaped = paths.map((path) =>
    path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('/', String.raw`[\\/]`),
  );
  return new RegExp(String.raw`[\\/](?:${escaped.join('|')})$`);
}

/**
 * How the web build splits its code (ADR 0009 and its issue 12 addendum). Every file a page loads is a
 * response of its own, compressed on its own, so a page that loads a dozen small chunks pays for each
 * (npm run bench:web counts what Chromium downloads before the page is interactive). Left alone, the
 * bundler makes one chunk per set of pages sharing a module, however small; these groups merge the
 * ones that always load together. A module belongs to the first group (highest priority) that takes
 * it, with what it imports unless a higher group took that first.
 */
export const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
  // Everything the entry runs at start, React included, in the entry chunk: one file, one compression
  // stream. The bundler's own tag follows the names each module imports, so the contract's index (one
  // module re-exporting many) brings only what the start code uses, not every export some page needs.
  { name: 'shell', tags: ['$initial'], test: (id) => !id.endsWith('.css'), priority: 10 },
  // Hooks and the device cookie nearly every page uses, with or without the API client.
  {
    name: 'hooks',
    test: sourceFiles('src/lib/use-api-data.ts', 'src/lib/use-submit.ts', 'src/api/device-cookies.ts'),
    priority: 8,
  },
  // The API client and what comes with every call. Its error handling (envelope-errors.ts) loads
  // with the first error answer.
  {
    name: 'api',
    test: sourceFiles('src/api/index.ts', 'src/lib/api-error.ts', 'contract/src/api/endpoints/shared.ts'),
    priority: 7,
  },
  // The sign-in forms' fields and rules: login, sign-up, password reset and the pages embedding them.
  {
    name: 'auth-form',
    test: sourceFiles(
      'src/components/auth/fields.tsx',
      'src/components/auth/account-fields.tsx',
      'src/lib/auth/identifier.ts',
      'src/lib/auth/auth-context.ts',
      'src/lib/auth/auth-flow.ts',
      'src/lib/web-config/page-feature-flags.ts',
      'src/lib/web-config/use-feature-flags.ts',
    ),
    priority: 6,
  },
  // The OAuth calls and views with the consent page: the consent page then loads one file of its own.
  // The OAuth entry and log-out pages carry the consent page's code with it (about 1 KB).
  {
    name: 'oauth',
    test: sourceFiles(
      'src/features/oauth/oauth-api.ts',
      'src/features/oauth/oauth-parts.tsx',
      'src/features/oauth/leave-for-app.ts',
      'src/features/oauth/oauth-authorized-page.tsx',
    ),
    priority: 5,
  },
];
