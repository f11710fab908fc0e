// `npm run sessions -w apps/server -- <command>`: operator tools for sessions in the configured
// database (DATABASE_URL). See docs/flows/sessions.md.
//
//   kick <account id | e-mail | +E.164 mobile>   end every session of the account (kick-out)
import { maskUrl } from '../src/config/index.js';
import { fail, startOperatorCli } from './operator-cli.js';
import { createAccountsRepository } from '../src/modules/accounts/accounts.repository.js';
import { kickOut } from '../src/modules/session/kick-out.js';
import { createSessionRepository } from '../src/modules/session/session.repository.js';
import { createSessionService } from '../src/modules/session/session.service.js';

const USAGE = `usage: npm run sessions -w apps/server -- <command>
  kick <account id | e-mail | +E.164 mobile>   end every session of the account`;

const cli = startOperatorCli(USAGE);
const { config, command, rest, db } = cli;
try {
  switch (command) {
    case 'kick': {
      const who = rest[0] ?? fail(`kick needs an account id, e-mail or mobile\n${USAGE}`);
      const done = await kickOut(
        {
          accounts: createAccountsRepository(db),
          sessions: createSessionService(createSessionRepository(db)),
        },
        who,
      );
      if (!done) fail(`no account ${who} in ${maskUrl(config.databaseUrl)}`);
      console.log(`account ${done.account.id}: ${done.revoked} session(s) ended`);
      break;
    }
    default:
      fail(`unknown command ${command}\n${USAGE}`);
  }
} finally {
  await db.destroy();
}
