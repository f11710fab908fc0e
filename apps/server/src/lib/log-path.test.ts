import { describe, expect, it } from 'vitest';
import { logPath, scrubQueryValues } from './log-path.js';

describe('log paths', () => {
  it('drops the query string and fragment of a request target', () => {
    expect(logPath('/en/email-code-verify?uuid=u-1&token=t-1')).toBe('/en/email-code-verify');
    expect(logPath('/oauth/authorize#frag')).toBe('/oauth/authorize');
    expect(logPath('/x-api/health')).toBe('/x-api/health');
    expect(logPath('http://h/p?code=abc')).toBe('http://h/p');
  });

  it('blanks query values quoted in free text, keeping the names', () => {
    expect(scrubQueryValues('Route GET:/en/email-code-verify?uuid=u-1&token=t-1 not found')).toBe(
      'Route GET:/en/email-code-verify?uuid=[redacted]&token=[redacted] not found',
    );
    expect(scrubQueryValues('see "https://a.example/cb?code=xyz&state=s"')).toBe(
      'see "https://a.example/cb?code=[redacted]&state=[redacted]"',
    );
    expect(scrubQueryValues('did you forget to return? nothing here')).toBe(
      'did you forget to return? nothing here',
    );
  });
});
