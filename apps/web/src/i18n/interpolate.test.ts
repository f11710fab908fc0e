import { describe, expect, it } from 'vitest';
import { interpolate } from './interpolate';

describe('interpolate', () => {
  it('replaces {{name}} with its value, tolerating inner spaces', () => {
    expect(interpolate('© {{year}} {{ product }}', { year: 2030, product: 'Acme' })).toBe('© 2030 Acme');
  });

  it('leaves a placeholder without a value visible', () => {
    expect(interpolate('Hi {{name}}', {})).toBe('Hi {{name}}');
    expect(interpolate('Hi {{name}}', { name: null })).toBe('Hi {{name}}');
  });

  it('does not HTML-escape (React escapes what it renders)', () => {
    expect(interpolate('{{v}}', { v: '<b>' })).toBe('<b>');
  });
});
