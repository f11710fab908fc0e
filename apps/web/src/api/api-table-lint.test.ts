// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own lint configuration on snippets placed at real paths (docs/api-table.md): the
// web names API calls through the endpoint table and codes through the catalogue, never by hand.
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: REPO });
});

async function findings(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${REPO}apps/web/src/${path}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('the web reaches the API only through the contract', () => {
  it('refuses an API path written by hand, in a string or a template', async () => {
    const plain = await findings(
      'features/login/probe.ts',
      "export const probe = '/user/public/login/verify';\n",
    );
    expect(plain).toEqual([expect.stringContaining('endpoint table')]);
    const template = await findings(
      'features/login/probe.ts',
      'export const probe = (id: string) => `/x-api/v2/private/user/profile?id=${id}`;\n',
    );
    expect(template).toEqual([expect.stringContaining('endpoint table')]);
  });

  it('refuses a ret_code written as a number, and accepts the catalogue name', async () => {
    const numeric = await findings(
      'features/login/probe.ts',
      'export const probe = (code: number) => code === 31030;\n',
    );
    expect(numeric).toEqual([expect.stringContaining('RetCode.Name')]);
    const named = await findings(
      'features/login/probe.ts',
      "import { RetCode } from '@gatehouse/contract';\nexport const probe = (code: number) => code === RetCode.TooManyPasswordErrors;\n",
    );
    expect(named).toEqual([]);
  });

  it('refuses importing the whole table: a page imports the area it calls', async () => {
    const whole = await findings(
      'features/login/probe.ts',
      "import * as endpoints from '@gatehouse/contract/endpoints';\nexport const probe = endpoints.login;\n",
    );
    expect(whole).toEqual([expect.stringContaining('import the area you call')]);
  });

  it('leaves tests and page links alone', async () => {
    expect(
      await findings('features/login/probe.test.ts', "export const probe = ['/user/public/login', 31030];\n"),
    ).toEqual([]);
    expect(
      await findings('features/login/probe.ts', "export const probe = '/login?source=password_reset';\n"),
    ).toEqual([]);
  });
});
