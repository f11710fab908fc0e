import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'bench/.out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Workspaces share code only through their package names, never by reaching into each other's folders.
      'import-x/no-relative-packages': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      // The web app never imports the server: shared rules live in @gatehouse/contract.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@gatehouse/server', '@gatehouse/server/*'], message: 'web never imports server' },
            { group: ['**/apps/server/**', '**/server/src/**'], message: 'web never imports server' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/**/*.test.ts'],
    rules: {
      // contract is pure: no I/O modules, no framework.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'fs',
                'path',
                'http',
                'https',
                'net',
                'react',
                'react-dom',
                'fastify',
                '@gatehouse/*',
              ],
              message: 'contract is pure TypeScript with no I/O',
            },
          ],
        },
      ],
    },
  },
  {
    // CLIs and benchmarks report to the terminal on purpose.
    files: ['scripts/**', 'bench/**', 'apps/server/scripts/**', 'e2e/support/**'],
    rules: { 'no-console': 'off' },
  },
);
