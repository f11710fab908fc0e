// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSync } from 'vite';
import { emptyCodeLists } from './strip-endpoint-codes-plugin';

const ENDPOINTS = fileURLToPath(new URL('../../../packages/contract/src/api/endpoints/', import.meta.url));

describe('emptyCodeLists', () => {
  it('empties lists of code names and leaves every other value', () => {
    const source = [
      "import { CAPTCHA } from './shared.js';",
      "export const SHARED = ['A', 'B'] as const;",
      "const LOGIN_CODES = [...CAPTCHA, 'C'];",
      "export const login = { method: 'POST', path: '/login', codes: LOGIN_CODES, methods: [1, 2] } as const;",
      "export const other = { path: '/x', codes: ['D'] as const, schemas: SCHEMA_TYPES };",
    ].join('\n');
    const out = emptyCodeLists(source, 'login.ts') ?? '';
    expect(out).toContain('export const SHARED = [] as const;');
    expect(out).toContain('const LOGIN_CODES = [];');
    expect(out).toContain('codes: [] as const, schemas: SCHEMA_TYPES');
    expect(out).toContain("method: 'POST', path: '/login', codes: LOGIN_CODES, methods: [1, 2]");
    expect(emptyCodeLists("export const a = { path: '/a' };", 'a.ts')).toBeNull();
  });

  it.each(readdirSync(ENDPOINTS).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')))(
    'leaves %s of the endpoint table valid and without a code name',
    (name) => {
      const source = readFileSync(`${ENDPOINTS}${name}`, 'utf8');
      const out = emptyCodeLists(source, name) ?? source;
      expect(parseSync(name, out).errors).toEqual([]);
      expect(out).not.toMatch(/'(?:Captcha|Password|Register|Verify|OAuth|Telegram)[A-Z]\w*'/);
      // Paths and methods stay.
      for (const path of source.match(/path: '[^']+'/g) ?? []) expect(out).toContain(path);
    },
  );
});
