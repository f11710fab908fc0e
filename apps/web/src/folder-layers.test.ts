// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own lint configuration, run on snippets placed at real paths (docs/adr/0016).
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: REPO });
});

/** The folder-layer findings for `code` as if it were the file at `path` (relative to apps/web/src). */
async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${REPO}apps/web/src/${path}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((m) => m.message);
}

describe('web folder layers: app → features → shared', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await layerErrors(
      'features/oauth/probe.ts',
      "import { LoginPage } from '../login/login-page';\nexport const probe = LoginPage;\n",
    );
    expect(errors).toEqual([expect.stringContaining('a feature never imports another feature')]);
  });

  it('refuses shared code importing a feature or the app', async () => {
    const fromLib = await layerErrors(
      'lib/probe.ts',
      "import { LoginPage } from '../features/login/login-page';\nexport const probe = LoginPage;\n",
    );
    expect(fromLib).toEqual([expect.stringContaining('imports no feature and not the app')]);
    const fromComponents = await layerErrors(
      'components/shell/probe.ts',
      "import { PAGES } from '../../app/router';\nexport const probe = PAGES;\n",
    );
    expect(fromComponents).toEqual([expect.stringContaining('imports no feature and not the app')]);
  });

  it('refuses a feature importing the app', async () => {
    const errors = await layerErrors(
      'features/login/probe.ts',
      "import { PAGES } from '../../app/router';\nexport const probe = PAGES;\n",
    );
    expect(errors).toEqual([expect.stringContaining('features never import the app')]);
  });

  it('lets a feature import its own files and shared code, and the app import features', async () => {
    const own = await layerErrors(
      'features/oauth/probe.ts',
      [
        "import { leaveForApp } from './leave-for-app';",
        "import { failureOf } from '../../lib/api-error';",
        "import { PageIntro } from '../../components/page-intro';",
        'export const probe = [leaveForApp, failureOf, PageIntro];',
        '',
      ].join('\n'),
    );
    expect(own).toEqual([]);
    const app = await layerErrors(
      'app/probe.ts',
      "import { LoginPage } from '../features/login/login-page';\nexport const probe = LoginPage;\n",
    );
    expect(app).toEqual([]);
  });
});
