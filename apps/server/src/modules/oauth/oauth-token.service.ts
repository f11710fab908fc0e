import {
  CODE_VERIFIER_PATTERN,
  maskEmail,
  maskMobile,
  type OAuthScope,
  type OAuthUserinfo,
} from '@gatehouse/contract';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { OAuthStores } from './oauth-authorize.service.js';
import type { OAuthClient } from './oauth-clients.repository.js';
import type { LockedFamily } from './oauth-families.repository.js';
import { OAuthProtocolError } from './oauth-protocol-error.js';
import { parseScopes } from './oauth-request.js';
import { pkceMatches, PREFIX, randomSecret, secretMatches } from './oauth-secrets.js';

export const ACCESS_TOKEN_TTL_MS = 60 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

/** What the client presented to authenticate (RFC 6749 §2.3). */
export interface ClientCredentials {
  clientId: string | undefined;
  secret: string | undefined;
  /** `basic` (Authorization header) or `post` (form fields), for the 401 challenge. */
  via: 'basic' | 'post' | 'none';
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

const invalidGrant = (why: string) => new OAuthProtocolError('invalid_grant', why);

/**
 * The client-facing half: token grants (authorization_code with PKCE, refresh_token with
 * rotation and reuse detection), revocation (RFC 7009) and userinfo. RFC 9700 §2.2.2, §4.14.
 */
export function createOAuthTokenService(stores: OAuthStores, accounts: AccountsRepository) {
  const { clients, codes, tokens, families, now } = stores;

  async function authenticate(creds: ClientCredentials): Promise<OAuthClient> {
    const challenge = creds.via === 'basic' ? 'Basic realm="oauth"' : undefined;
    const fail = () =>
      new OAuthProtocolError('invalid_client', 'client authentication failed', 401, challenge);
    const client = creds.clientId ? await clients.find(creds.clientId) : undefined;
    if (!client) throw fail();
    if (client.isPublic) {
      // A public client has no secret; one that sends a secret is confused or an impostor.
      if (creds.secret !== undefined) throw fail();
      return client;
    }
    if (creds.secret === undefined || !client.secretHash || !secretMatches(creds.secret, client.secretHash))
      throw fail();
    return client;
  }

  /** The account behind a grant must still be able to use the exchange. */
  async function activeAccount(userId: string) {
    const account = await accounts.findById(userId);
    return account && account.status === 'active' ? account : undefined;
  }

  /** Issue into a family whose lock the caller holds (`locked`), in that same transaction. */
  async function issueTokens(
    locked: LockedFamily,
    client: OAuthClient,
    userId: string,
    familyId: string,
    scopes: OAuthScope[],
    refreshScopes: OAuthScope[],
  ): Promise<TokenResponse> {
    const at = now();
    const access = randomSecret(PREFIX.accessToken);
    await locked.tokens.insert(access, {
      kind: 'access',
      family_id: familyId,
      client_id: client.clientId,
      user_id: userId,
      scopes: JSON.stringify(scopes),
      created_at: at,
      expires_at: at + ACCESS_TOKEN_TTL_MS,
    });
    const response: TokenResponse = {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_MS / 1000,
      scope: scopes.join(' '),
    };
    // Refresh tokens only for offline_access: an app that did not ask cannot outlive the hour.
    let keepUntil = at + ACCESS_TOKEN_TTL_MS;
    if (refreshScopes.includes('offline_access')) {
      const refresh = randomSecret(PREFIX.refreshToken);
      keepUntil = at + REFRESH_TOKEN_TTL_MS;
      await locked.tokens.insert(refresh, {
        kind: 'refresh',
        family_id: familyId,
        client_id: client.clientId,
        user_id: userId,
        scopes: JSON.stringify(refreshScopes),
        created_at: at,
        expires_at: at + REFRESH_TOKEN_TTL_MS,
      });
      response.refresh_token = refresh;
    }
    await locked.extend(keepUntil);
    return response;
  }

  /**
   * Run a grant under its family's lock. The grant answers an error as a value, not a throw, so
   * what it did before refusing (spending the code, revoking the family) is committed.
   */
  async function underFamilyLock(
    familyId: string,
    grant: (locked: LockedFamily) => Promise<TokenResponse | OAuthProtocolError>,
  ): Promise<TokenResponse> {
    const outcome = await families.withLock(familyId, grant);
    if (outcome instanceof OAuthProtocolError) throw outcome;
    return outcome;
  }

  return {
    authenticate,

    /** RFC 6749 §4.1.3 + RFC 7636 §4.5–4.6. */
    async exchangeCode(
      client: OAuthClient,
      input: {
        code?: string | undefined;
        redirect_uri?: string | undefined;
        code_verifier?: string | undefined;
      },
      issuer: string,
    ): Promise<TokenResponse> {
      if (!input.code) throw new OAuthProtocolError('invalid_request', 'code is required');
      if (!input.redirect_uri) throw new OAuthProtocolError('invalid_request', 'redirect_uri is required');
      // A verifier is mandatory: without one, PKCE would be skipped (downgrade, RFC 9700 §4.8.2).
      if (!input.code_verifier || !CODE_VERIFIER_PATTERN.test(input.code_verifier))
        throw new OAuthProtocolError('invalid_request', 'code_verifier (43-128 characters) is required');

      const code = input.code;
      const verifier = input.code_verifier;
      const stored = await codes.find(code);
      // Codes of another client are not touched: that client could otherwise burn them.
      if (!stored || stored.clientId !== client.clientId) throw invalidGrant('unknown code');
      // Read before the lock: inside it only the transaction's own queries may run.
      const accountOk = (await activeAccount(stored.userId)) !== undefined;
      // Spending the code, issuing its tokens and revoking them on a replay all happen under the
      // family's lock: a replay, on any instance and in any order, either finds the winner's tokens
      // committed and revokes them, or has revoked the family before the winner looks.
      return underFamilyLock(stored.familyId, async (locked) => {
        const at = now();
        if (!(await locked.codes.claim(code, at))) {
          // Second use: someone holds a copy. Everything the code led to ends (RFC 6749 §4.1.2).
          await locked.revoke(at);
          return invalidGrant('code already used');
        }
        // From here the code is spent whatever happens: one attempt per code.
        if (!locked.family || locked.family.revokedAt !== null) return invalidGrant('code revoked');
        if (stored.expiresAt <= at) return invalidGrant('code expired');
        if (stored.redirectUri !== input.redirect_uri) return invalidGrant('redirect_uri does not match');
        if (!pkceMatches(verifier, stored.codeChallenge)) return invalidGrant('code_verifier does not match');
        if (stored.issuer !== issuer) return invalidGrant('code was issued by another issuer');
        if (!accountOk) return invalidGrant('account unavailable');
        return issueTokens(locked, client, stored.userId, stored.familyId, stored.scopes, stored.scopes);
      });
    },

    /** RFC 6749 §6 with rotation; a reused refresh token revokes its family (RFC 9700 §4.14.2). */
    async refresh(
      client: OAuthClient,
      input: { refresh_token?: string | undefined; scope?: string | undefined },
    ): Promise<TokenResponse> {
      if (!input.refresh_token) throw new OAuthProtocolError('invalid_request', 'refresh_token is required');
      const stored = await tokens.find(input.refresh_token);
      if (!stored || stored.kind !== 'refresh' || stored.clientId !== client.clientId)
        throw invalidGrant('unknown refresh token');
      // Checked before the claim: a refused narrower/wider request must not spend the token.
      let scopes = stored.scopes;
      if (input.scope !== undefined) {
        const asked = parseScopes(input.scope, client);
        if (!asked || !asked.every((s) => stored.scopes.includes(s)))
          throw new OAuthProtocolError('invalid_scope', 'scope exceeds the original grant');
        scopes = asked;
      }
      if (stored.revokedAt !== null) throw invalidGrant('refresh token revoked');
      const refreshToken = input.refresh_token;
      const accountOk = (await activeAccount(stored.userId)) !== undefined;
      return underFamilyLock(stored.familyId, async (locked) => {
        const at = now();
        if (!locked.family || locked.family.revokedAt !== null) return invalidGrant('refresh token revoked');
        if (!(await locked.tokens.claimRefresh(refreshToken, at))) {
          await locked.revoke(at);
          return invalidGrant('refresh token already used');
        }
        if (stored.expiresAt <= at) return invalidGrant('refresh token expired');
        if (!accountOk) return invalidGrant('account unavailable');
        // The new refresh token keeps the original scope (RFC 6749 §6).
        return issueTokens(locked, client, stored.userId, stored.familyId, scopes, stored.scopes);
      });
    },

    /**
     * RFC 7009: revoke a token of this client; unknown or foreign tokens are ignored (the answer
     * is the same, so it reveals nothing). A refresh token takes its whole family with it.
     */
    async revoke(client: OAuthClient, token: string): Promise<void> {
      const stored = await tokens.find(token);
      if (!stored || stored.clientId !== client.clientId) return;
      if (stored.kind === 'refresh') await families.revoke(stored.familyId, now());
      else await tokens.revoke(token, now());
    },

    /** The claims a Bearer access token may read. */
    async userinfo(accessToken: string): Promise<OAuthUserinfo> {
      const invalid = () =>
        new OAuthProtocolError(
          'invalid_token',
          'the access token is invalid',
          401,
          'Bearer error="invalid_token"',
        );
      const stored = await tokens.find(accessToken);
      if (!stored || stored.kind !== 'access' || stored.revokedAt !== null || stored.expiresAt <= now())
        throw invalid();
      const account = await activeAccount(stored.userId);
      if (!account) throw invalid();
      const claims: OAuthUserinfo = { sub: account.id, scope: stored.scopes.join(' ') };
      if (stored.scopes.includes('profile')) {
        claims.vague_email = account.email ? maskEmail(account.email) : null;
        claims.vague_mobile = account.mobile ? maskMobile(account.mobile) : null;
      }
      if (stored.scopes.includes('email') && account.email) {
        claims.email = account.email;
        // Sign-up and reset prove control of the address by a code.
        claims.email_verified = true;
      }
      return claims;
    },
  };
}

export type OAuthTokenService = ReturnType<typeof createOAuthTokenService>;
