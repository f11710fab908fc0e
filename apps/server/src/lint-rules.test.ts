import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundary rules of eslint.config.js (modules/README.md, ADR 0015) fail on what they forbid:
 * each snippet is linted as if it were the named file, with the repository's own configuration.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: path.join(ROOT, 'eslint.config.js'),
    // Only what these tests look at: no-cycle walks the whole import graph and has its own proof in `npm run lint`.
    overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
  });
});

/** The rule ids ESLint reports for `code` as the file at `file` (relative to the repository). */
async function rulesHit(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  const messages = result?.messages ?? [];
  // A parse error or an unknown rule would make every expectation below pass for the wrong reason.
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.map((m) => m.ruleId ?? 'fatal');
}

describe('module boundaries', () => {
  it('refuses a route importing a repository, a service importing it is fine', async () => {
    const code =
      "import { createTradeEnvRepository } from './trade.repository.js';\nexport default createTradeEnvRepository;\n";
    expect(await rulesHit('apps/server/src/modules/trade/trade.routes.ts', code)).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesHit('apps/server/src/modules/trade/trade.service.ts', code)).toEqual([]);
  });

  it('refuses product code importing the development tools, app.ts and tests may', async () => {
    const code = "import devTools from '../dev/dev-tools.plugin.js';\nexport default devTools;\n";
    for (const file of [
      'lib/dev-helper.ts',
      'plugins/dev-helper.ts',
      'pages/dev-helper.ts',
      'db/dev-helper.ts',
    ]) {
      expect([file, await rulesHit(`apps/server/src/${file}`, code)]).toEqual([
        file,
        ['import-x/no-restricted-paths'],
      ]);
    }
    const deep = "import devTools from '../../dev/dev-tools.plugin.js';\nexport default devTools;\n";
    expect(await rulesHit('apps/server/src/modules/trade/trade.plugin.ts', deep)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(
      await rulesHit(
        'apps/server/src/app-wiring.ts',
        "import devTools from './dev/dev-tools.plugin.js';\nexport default devTools;\n",
      ),
    ).toEqual([]);
    expect(await rulesHit('apps/server/src/modules/trade/trade.routes.test.ts', deep)).toEqual([]);
  });

  it('refuses another module reaching into modules/login, its test kit is for tests', async () => {
    const code =
      "import { createLoginChallenges } from '../login/login-challenges.js';\nexport default createLoginChallenges;\n";
    expect(await rulesHit('apps/server/src/modules/trade/trade.service.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    const kit =
      "import { createAccount } from '../login/login.test-kit.js';\nexport default createAccount;\n";
    expect(await rulesHit('apps/server/src/modules/trade/trade.routes.test.ts', kit)).toEqual([]);
  });
});

describe('file names', () => {
  const code = 'export const value = 1;\n';

  it('refuses names that are not kebab-case, in the server, the contract and the web app', async () => {
    for (const file of [
      'apps/server/src/lib/someHelper.ts',
      'apps/server/src/modules/trade/Trade.routes.ts',
      'apps/server/src/lib/some_helper.ts',
      'packages/contract/src/api/LoginSchemas.ts',
      'apps/web/src/components/TextField.tsx',
    ]) {
      expect([file, await rulesHit(file, code)]).toEqual([file, ['check-file/filename-naming-convention']]);
    }
  });

  it('accepts kebab-case with dotted parts, and a leading number', async () => {
    for (const file of [
      'apps/server/src/modules/login/login.routes.ts',
      'apps/server/src/modules/captcha/captcha.test-kit.ts',
      'apps/server/src/db/migrations/0001-web-config.ts',
      'apps/web/src/components/text-field.tsx',
      'packages/contract/src/api/login.ts',
    ]) {
      expect([file, await rulesHit(file, code)]).toEqual([file, []]);
    }
  });

  it('names a test kit `<name>.test-kit.ts`', async () => {
    expect(await rulesHit('apps/server/src/modules/captcha/captcha-test-kit.ts', code)).toEqual([
      'check-file/filename-blocklist',
    ]);
  });
});
