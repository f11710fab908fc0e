import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The web app's layers (docs/adr/0016): app → features → shared. Every folder under features/ is a flow.
const WEB = 'apps/web/src';
const WEB_FEATURES = readdirSync(`${import.meta.dirname}/${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_SHARED = ['components', 'lib', 'api', 'i18n'].map((folder) => `${WEB}/${folder}`);

// Paths in the import-x zones are absolute (its `except` globs are matched against absolute paths),
// so the rules hold whichever folder ESLint runs from (the lint-rules test runs it from anywhere).
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.join(ROOT, 'apps/server/src');
const server = (...parts) => path.join(SERVER, ...parts);

// The web reaches the API only through the contract's endpoint table (docs/api-table.md): no API path
// and no ret_code number written by hand in apps/web/src outside tests.
const API_PATH = '/^\\/(?:x-api|user\\/|v[0-9]+\\/|oauth\\/v1\\/|fht\\/|verify\\/register)/';
const RET_CODE_NUMBERS = [
  ...readFileSync(path.join(ROOT, 'packages/contract/src/api/ret-code-catalogue.ts'), 'utf8').matchAll(
    /^export const \w+ = (\d{5,6});$/gm,
  ),
].map((match) => match[1]);
const WEB_TEST_FILES = [
  'apps/web/src/**/*.test.{ts,tsx}',
  'apps/web/src/**/test-support/**',
  'apps/web/src/test/**',
];

/** kebab-case before the first dot (`login.routes.ts`, `captcha.test-kit.ts`); digits may lead (migrations). */
const KEBAB_CASE = '+([a-z0-9])*(-+([a-z0-9]))';

/** Server files only tests use: they may reach anything (test kits, dev tools, repositories). */
const SERVER_TEST_FILES = [
  'apps/server/src/**/*.test.ts',
  'apps/server/src/**/*.test-kit.ts',
  'apps/server/src/test-support/**',
  'apps/server/src/fuzz/**',
];

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
            {
              regex: '^@gatehouse/contract/endpoints$',
              message:
                'import the area you call (@gatehouse/contract/endpoints/login): the whole table would land in every page',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            // A feature never imports another feature: shared code goes to components/ or lib/, and
            // the app composes features that embed each other (app/routes/).
            ...WEB_FEATURES.map((feature) => ({
              target: `${WEB}/features/${feature}`,
              from: `${WEB}/features`,
              except: [`./${feature}`],
              message:
                'a feature never imports another feature: move the shared part to components/ or lib/, or compose in app/',
            })),
            {
              target: `${WEB}/features`,
              from: `${WEB}/app`,
              message: 'features never import the app (router, providers): the app imports features',
            },
            {
              target: WEB_SHARED,
              from: [`${WEB}/features`, `${WEB}/app`],
              message: 'shared code (components, lib, api, i18n) imports no feature and not the app',
            },
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
    // Module boundaries (apps/server/src/modules/README.md, ADR 0015). The TypeScript resolver maps
    // `./x.js` to `./x.ts`; without it import-x resolves nothing and these rules pass silently.
    files: ['apps/server/src/**/*.ts'],
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
      // no-cycle follows only files it may parse: TypeScript ones too (import-x's typescript preset).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: SERVER_TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [
            {
              target: server('**/*.routes.ts'),
              from: server('**/*.repository.ts'),
              message: 'Routes call services; the module plugin builds repositories (modules/README.md).',
            },
            {
              target: ['modules', 'plugins', 'lib', 'pages', 'db', 'config'].map((dir) => server(dir)),
              from: server('dev'),
              message: 'Product code never depends on the development tools (src/dev).',
            },
            {
              target: server('lib'),
              from: server('modules'),
              message: 'lib/ is the shared layer under the modules: it imports none of them.',
            },
            {
              target: [server('modules/!(login)/**'), server('{lib,plugins,pages,db,config,dev}/**')],
              from: server('modules/login'),
              message: 'Login is a flow: shared helpers live in lib/ (modules/README.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/server/src/**/*.{ts,tsx}',
      'packages/contract/src/**/*.{ts,tsx}',
      'apps/web/src/**/*.{ts,tsx}',
    ],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': KEBAB_CASE },
        { ignoreMiddleExtensions: true },
      ],
      // A helper for tests is `<name>.test-kit.ts`, which the production build leaves out.
      'check-file/filename-blocklist': ['error', { '**/*-test-kit.ts': '*.test-kit.ts' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: WEB_TEST_FILES,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=${API_PATH}]`,
          message: 'Call the API through api.call(endpoints.x): paths live in the contract endpoint table.',
        },
        {
          selector: `TemplateElement[value.raw=${API_PATH}]`,
          message: 'Call the API through api.call(endpoints.x): paths live in the contract endpoint table.',
        },
        {
          selector: `Literal[raw=/^(?:${RET_CODE_NUMBERS.join('|')})$/]`,
          message: 'A ret_code is written RetCode.Name (the contract catalogue), never as a number.',
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
