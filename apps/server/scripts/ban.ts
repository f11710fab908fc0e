// `npm run ban -w apps/server -- <command>`: ban and unban accounts in the configured database
// (DATABASE_URL). The running server reads the records on its next request. See docs/flows/ban.md.
//
//   ban <account id|e-mail> --reason <text> [--until 7d|2030-01-31[T12:00]|never] [--self-help] [--since 25h]
//   unban <account id|e-mail>
//   show <account id|e-mail>
import { parseArgs } from 'node:util';
import { fail, requireTable, startOperatorCli } from './operator-cli.js';
import { BanAdminError, createBanAdmin, parseSince, parseUntil } from '../src/modules/bans/ban-admin.js';

const USAGE = `usage: npm run ban -w apps/server -- <command>
  ban <account id|e-mail> --reason <text> [--until 12h|7d|2w|2030-01-31[T12:00]|never] [--self-help]
      [--since 25h|2030-01-31[T12:00]]
      --until: when the ban ends (UTC unless the time names its zone); default never (until unbanned)
      --self-help: the user may lift it on /self-unblock, from 24 h after the ban, with a code
      --since: when the ban counts from (default now): a ban decided earlier, or to try self-unblock
  unban <account id|e-mail>
  show <account id|e-mail>`;

const iso = (at: number | null) => (at === null ? 'never (until unbanned)' : new Date(at).toISOString());

const cli = startOperatorCli(USAGE);
const { command, rest, db } = cli;
const admin = createBanAdmin(db);
try {
  await requireTable(cli, 'account_bans');
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      reason: { type: 'string' },
      until: { type: 'string' },
      'self-help': { type: 'boolean', default: false },
      since: { type: 'string' },
    },
  });
  const target = positionals[0] ?? fail(`${command} needs an account id or e-mail\n${USAGE}`);

  switch (command) {
    case 'ban': {
      const reason = values.reason?.trim() || fail(`--reason is required\n${USAGE}`);
      const now = Date.now();
      const { account, ban } = await admin.ban(target, {
        reason,
        until: parseUntil(values.until, now),
        selfHelp: values['self-help'],
        bannedAt: parseSince(values.since, now),
      });
      console.log(`banned ${account.id} (${account.email ?? account.mobile ?? 'no address'})`);
      console.log(`  since ${iso(ban.bannedAt)}, until ${iso(ban.until)}`);
      console.log(`  self-help: ${ban.selfHelp ? 'allowed from ' + iso(ban.bannedAt + 86_400_000) : 'no'}`);
      console.log('  every session of the account has ended');
      break;
    }
    case 'unban': {
      const { account, lifted } = await admin.unban(target);
      console.log(lifted ? `unbanned ${account.id}` : `${account.id} was not banned`);
      break;
    }
    case 'show': {
      const { account, ban } = await admin.show(target);
      if (!ban) console.log(`${account.id}: not banned (status ${account.status})`);
      else {
        console.log(`${account.id}: banned since ${iso(ban.bannedAt)}, until ${iso(ban.until)}`);
        console.log(`  reason: ${ban.reason}`);
        console.log(`  self-help: ${ban.selfHelp ? 'allowed' : 'no'}`);
      }
      break;
    }
    default:
      fail(`unknown command ${command}\n${USAGE}`);
  }
} catch (err) {
  if (err instanceof BanAdminError) fail(err.message);
  throw err;
} finally {
  await db.destroy();
}
