// `npm run oauth:client -- <command>`: register, list and remove OAuth clients in the configured
// database (DATABASE_URL). See docs/oauth.md.
//
//   add --name <name> --redirect-uri <uri> [--redirect-uri <uri>…] [--post-logout-uri <uri>…]
//       [--scope profile|email|offline_access …] [--public] [--logo-url <url>] [--client-id <id>]
//   list [--json]
//   remove <client_id>
//   rotate-secret <client_id>
import { parseArgs } from 'node:util';
import { isOAuthScope, OAUTH_SCOPES, type OAuthScope } from '@gatehouse/contract';
import { fail, requireTable, startOperatorCli } from './operator-cli.js';
import {
  ClientInputError,
  createOAuthClientsRepository,
} from '../src/modules/oauth/oauth-clients.repository.js';

const USAGE = `usage: npm run oauth:client -- <command>
  add --name <name> --redirect-uri <uri> [--redirect-uri <uri>…] [--post-logout-uri <uri>…]
      [--scope ${OAUTH_SCOPES.join('|')} …] [--public] [--logo-url <url>] [--client-id <id>]
  list [--json]
  remove <client_id>
  rotate-secret <client_id>`;

const cli = startOperatorCli(USAGE);
const { command, rest, db } = cli;
const clients = createOAuthClientsRepository(db);
try {
  await requireTable(cli, 'oauth_clients');

  switch (command) {
    case 'add': {
      const { values } = parseArgs({
        args: rest,
        options: {
          name: { type: 'string' },
          'redirect-uri': { type: 'string', multiple: true },
          'post-logout-uri': { type: 'string', multiple: true },
          scope: { type: 'string', multiple: true },
          public: { type: 'boolean', default: false },
          'logo-url': { type: 'string' },
          'client-id': { type: 'string' },
        },
      });
      if (!values.name) fail(`--name is required\n${USAGE}`);
      // `--scope "profile email"` and repeated `--scope` both work.
      const scopes = (values.scope ?? []).flatMap((s) => s.split(/[\s,]+/)).filter(Boolean);
      const unknown = scopes.filter((s) => !isOAuthScope(s));
      if (unknown.length) fail(`unknown scope ${unknown.join(', ')} (${OAUTH_SCOPES.join(', ')})`);
      const { client, secret } = await clients.add(
        {
          ...(values['client-id'] ? { clientId: values['client-id'] } : {}),
          name: values.name,
          logoUrl: values['logo-url'] ?? null,
          redirectUris: values['redirect-uri'] ?? [],
          postLogoutRedirectUris: values['post-logout-uri'] ?? [],
          ...(scopes.length ? { scopes: scopes as OAuthScope[] } : {}),
          isPublic: values.public,
        },
        Date.now(),
      );
      console.log(`client_id:     ${client.clientId}`);
      console.log(`type:          ${client.isPublic ? 'public (PKCE, no secret)' : 'confidential'}`);
      console.log(`scopes:        ${client.scopes.join(' ')}`);
      console.log(`redirect URIs: ${client.redirectUris.join('\n               ')}`);
      if (secret) {
        console.log(`client_secret: ${secret}`);
        console.log(
          'Store the secret now: only its hash is kept, it cannot be shown again (rotate-secret makes a new one).',
        );
      }
      break;
    }
    case 'list': {
      const { values } = parseArgs({ args: rest, options: { json: { type: 'boolean', default: false } } });
      const all = await clients.list();
      if (values.json) {
        // Never the secret hash: it is of no use to a reader and need not travel.
        console.log(
          JSON.stringify(
            all.map(({ secretHash: _hash, ...client }) => client),
            null,
            2,
          ),
        );
        break;
      }
      if (all.length === 0) console.log('no clients');
      for (const c of all) {
        console.log(`${c.clientId}  ${c.isPublic ? 'public      ' : 'confidential'}  ${c.name}`);
        console.log(`    scopes: ${c.scopes.join(' ')}`);
        for (const uri of c.redirectUris) console.log(`    redirect: ${uri}`);
        for (const uri of c.postLogoutRedirectUris) console.log(`    post-logout: ${uri}`);
      }
      break;
    }
    case 'remove': {
      const id = rest[0] ?? fail(`remove needs a client_id\n${USAGE}`);
      if (!(await clients.remove(id))) fail(`no client ${id}`);
      console.log(`removed ${id} with its consents, codes and tokens`);
      break;
    }
    case 'rotate-secret': {
      const id = rest[0] ?? fail(`rotate-secret needs a client_id\n${USAGE}`);
      const secret = await clients.rotateSecret(id);
      if (!secret) fail(`no confidential client ${id}`);
      console.log(`client_secret: ${secret}`);
      console.log('The old secret no longer works. Store this one now: it cannot be shown again.');
      break;
    }
    default:
      fail(`unknown command ${command}\n${USAGE}`);
  }
} catch (err) {
  if (err instanceof ClientInputError) fail(err.message);
  throw err;
} finally {
  await db.destroy();
}
