import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { isOAuthScope, OAUTH_SCOPES, type OAuthScope } from '@gatehouse/contract';
import type { Db } from '../../db/connect.js';
import type { OAuthClientsTable } from '../../db/schema.js';
import { hashSecret, PREFIX, randomSecret } from './oauth-secrets.js';
import { redirectUriProblem } from './oauth-uris.js';

export interface OAuthClient {
  clientId: string;
  /** Null for public clients. */
  secretHash: string | null;
  isPublic: boolean;
  name: string;
  logoUrl: string | null;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  scopes: OAuthScope[];
  createdAt: number;
}

export interface NewClientInput {
  /** Chosen id (seed, CLI `--client-id`); a random one otherwise. */
  clientId?: string;
  name: string;
  logoUrl?: string | null;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** Defaults to every scope. */
  scopes?: OAuthScope[];
  isPublic: boolean;
}

/** Thrown for a registration that breaks the rules; the message is for the operator. */
export class ClientInputError extends Error {
  override name = 'ClientInputError';
}

export const CLIENT_ID_PATTERN = /^[A-Za-z0-9._-]{3,64}$/;

export interface OAuthClientsRepository {
  find(clientId: string): Promise<OAuthClient | undefined>;
  list(): Promise<OAuthClient[]>;
  /** Returns the client and, for a confidential one, its secret: the only time it exists in clear. */
  add(input: NewClientInput, now: number): Promise<{ client: OAuthClient; secret: string | null }>;
  /** Remove the client with its consents, codes, tokens and token families. False when unknown. */
  remove(clientId: string): Promise<boolean>;
  /** A new secret for a confidential client (the old one stops working); null when unknown or public. */
  rotateSecret(clientId: string): Promise<string | null>;
  /** Add redirect / post-logout URIs missing from an existing client (the dev seed after a port change). */
  addUris(clientId: string, redirectUris: string[], postLogoutRedirectUris: string[]): Promise<void>;
}

const parseList = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

function toClient(row: Selectable<OAuthClientsTable>): OAuthClient {
  return {
    clientId: row.client_id,
    secretHash: row.secret_hash,
    isPublic: Number(row.is_public) === 1,
    name: row.name,
    logoUrl: row.logo_url,
    redirectUris: parseList(row.redirect_uris),
    postLogoutRedirectUris: parseList(row.post_logout_redirect_uris),
    scopes: parseList(row.scopes).filter(isOAuthScope),
    createdAt: row.created_at,
  };
}

/** Check a registration; throws ClientInputError naming the first problem. */
export function validateClientInput(input: NewClientInput): void {
  if (input.clientId !== undefined && !CLIENT_ID_PATTERN.test(input.clientId))
    throw new ClientInputError('client id: 3-64 letters, digits, ".", "_" or "-"');
  const name = input.name.trim();
  if (name.length < 1 || name.length > 80) throw new ClientInputError('name: 1-80 characters');
  if (input.redirectUris.length === 0) throw new ClientInputError('at least one redirect URI is required');
  for (const uri of [...input.redirectUris, ...(input.postLogoutRedirectUris ?? [])]) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new ClientInputError(`${uri}: ${problem}`);
  }
  // The logo is shown on our consent page, so the page's CSP (img-src 'self' https:) applies.
  if (input.logoUrl && !/^(?:https:\/\/|\/(?!\/))[\x21-\x7e]{1,2040}$/.test(input.logoUrl))
    throw new ClientInputError('logo URL: https:// or a path on this site');
  for (const scope of input.scopes ?? []) {
    if (!isOAuthScope(scope))
      throw new ClientInputError(`unknown scope ${String(scope)} (${OAUTH_SCOPES.join(', ')})`);
  }
}

export function createOAuthClientsRepository(db: Db): OAuthClientsRepository {
  return {
    async find(clientId) {
      const row = await db
        .selectFrom('oauth_clients')
        .selectAll()
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row ? toClient(row) : undefined;
    },

    async list() {
      const rows = await db.selectFrom('oauth_clients').selectAll().orderBy('created_at').execute();
      return rows.map(toClient);
    },

    async add(input, now) {
      validateClientInput(input);
      const secret = input.isPublic ? null : randomSecret(PREFIX.clientSecret);
      const row = {
        client_id: input.clientId ?? randomBytes(16).toString('hex'),
        secret_hash: secret ? hashSecret(secret) : null,
        is_public: input.isPublic ? 1 : 0,
        name: input.name.trim(),
        logo_url: input.logoUrl ?? null,
        redirect_uris: JSON.stringify([...new Set(input.redirectUris)]),
        post_logout_redirect_uris: JSON.stringify([...new Set(input.postLogoutRedirectUris ?? [])]),
        scopes: JSON.stringify([...new Set(input.scopes ?? OAUTH_SCOPES)]),
        created_at: now,
      };
      const existing = await this.find(row.client_id);
      if (existing) throw new ClientInputError(`client id ${row.client_id} is taken`);
      await db.insertInto('oauth_clients').values(row).execute();
      return { client: toClient(row), secret };
    },

    async remove(clientId) {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('oauth_consents').where('client_id', '=', clientId).execute();
        await trx.deleteFrom('oauth_codes').where('client_id', '=', clientId).execute();
        await trx.deleteFrom('oauth_tokens').where('client_id', '=', clientId).execute();
        await trx.deleteFrom('oauth_families').where('client_id', '=', clientId).execute();
        const result = await trx
          .deleteFrom('oauth_clients')
          .where('client_id', '=', clientId)
          .executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },

    async rotateSecret(clientId) {
      const client = await this.find(clientId);
      if (!client || client.isPublic) return null;
      const secret = randomSecret(PREFIX.clientSecret);
      await db
        .updateTable('oauth_clients')
        .set({ secret_hash: hashSecret(secret) })
        .where('client_id', '=', clientId)
        .execute();
      return secret;
    },

    async addUris(clientId, redirectUris, postLogoutRedirectUris) {
      const client = await this.find(clientId);
      if (!client) return;
      const redirect = [...new Set([...client.redirectUris, ...redirectUris])];
      const postLogout = [...new Set([...client.postLogoutRedirectUris, ...postLogoutRedirectUris])];
      if (
        redirect.length === client.redirectUris.length &&
        postLogout.length === client.postLogoutRedirectUris.length
      )
        return;
      await db
        .updateTable('oauth_clients')
        .set({
          redirect_uris: JSON.stringify(redirect),
          post_logout_redirect_uris: JSON.stringify(postLogout),
        })
        .where('client_id', '=', clientId)
        .execute();
    },
  };
}
