import { describe, expect, it } from 'vitest';
import {
  CODE_CHALLENGE_PATTERN,
  CODE_VERIFIER_PATTERN,
  isOAuthScope,
  OAUTH_SCOPES,
  oauthConfirmRequestSchema,
  oauthLogoutRequestSchema,
  oauthScopeTextKey,
} from './oauth.js';

describe('OAuth contract', () => {
  it('gives every scope a locale key under oauth.scope', () => {
    for (const scope of OAUTH_SCOPES) expect(oauthScopeTextKey(scope)).toBe(`oauth.scope.${scope}`);
    expect(isOAuthScope('profile')).toBe(true);
    expect(isOAuthScope('admin')).toBe(false);
  });

  it('knows the PKCE shapes of RFC 7636', () => {
    expect(CODE_CHALLENGE_PATTERN.test('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
    expect(CODE_VERIFIER_PATTERN.test('a'.repeat(42))).toBe(false);
    expect(CODE_VERIFIER_PATTERN.test('a'.repeat(43))).toBe(true);
    expect(CODE_VERIFIER_PATTERN.test('a'.repeat(129))).toBe(false);
  });

  it('requires a decision on confirm, and takes an empty logout body', () => {
    expect(oauthConfirmRequestSchema.safeParse({ client_id: 'c', redirect_uri: 'r' }).success).toBe(false);
    expect(
      oauthConfirmRequestSchema.safeParse({ client_id: 'c', redirect_uri: 'r', decision: 'accept' }).success,
    ).toBe(true);
    expect(oauthLogoutRequestSchema.safeParse(undefined).success).toBe(true);
  });
});
