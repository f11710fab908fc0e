// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cspNonce, loadWithStyleNonce } from './style-nonce';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('style nonce', () => {
  it('gives <style> elements created while loading the page nonce, and only then', async () => {
    document.head.innerHTML = '<meta property="csp-nonce" nonce="abc123">';
    expect(cspNonce()).toBe('abc123');
    const created = await loadWithStyleNonce(async () => [
      document.createElement('style'),
      document.createElement('div'),
    ]);
    expect(created[0]?.getAttribute('nonce')).toBe('abc123');
    expect(created[1]?.hasAttribute('nonce')).toBe(false);
    expect(document.createElement('style').hasAttribute('nonce')).toBe(false);
  });

  it('changes nothing without a published nonce', async () => {
    const style = await loadWithStyleNonce(async () => document.createElement('style'));
    expect(style.hasAttribute('nonce')).toBe(false);
  });
});
