import { BOOTSTRAP_ELEMENT_ID } from '@gatehouse/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testBootstrap } from '../test/render-app';
import { BootstrapError, readBootstrap } from './bootstrap';

function inline(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = BOOTSTRAP_ELEMENT_ID;
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => {
  document.getElementById(BOOTSTRAP_ELEMENT_ID)?.remove();
  vi.restoreAllMocks();
});

describe('readBootstrap', () => {
  it('reads the JSON data block the server inlines, including notFound', () => {
    const value = { ...testBootstrap('EU'), notFound: true };
    inline(JSON.stringify(value));
    expect(readBootstrap()).toEqual(value);
  });

  it('fails clearly on a broken block', () => {
    inline('{not json');
    expect(() => readBootstrap()).toThrow(BootstrapError);
  });

  it('falls back to the global site in development, and says so', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readBootstrap().site).toBe('global');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(BOOTSTRAP_ELEMENT_ID));
  });
});
