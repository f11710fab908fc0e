// `npm run channels -w apps/server -- <command>`: the affiliates and brokers of the sign-up channels
// in the configured database (DATABASE_URL). The running server reads them on its next request.
// See docs/flows/channels.md.
import { parseArgs } from 'node:util';
import { fail, requireTable, startOperatorCli } from './operator-cli.js';
import { PartnerAdminError, createPartnerAdmin } from '../src/modules/channels/partner-admin.js';
import type { PartnerKind } from '../src/modules/channels/channels.repository.js';

const USAGE = `usage: npm run channels -w apps/server -- <command>
  add <affiliate|broker> <id> --nickname <text> [--headimg <url>] [--signature <text>]
      [--content <text>] [--groups '[{"content":"…","type":0}]'] [--anonymous]
      adds or replaces the profile; an affiliate id is digits only. Only group types 0 and 1 are shown.
  list [affiliate|broker]
  disable <affiliate|broker> <id>     its links stop showing it; sign-ups through it are recorded as unknown
  enable <affiliate|broker> <id>
  anonymous <affiliate> <id> on|off   on: the sign-up page shows no card for it`;

const cli = startOperatorCli(USAGE);
const { command, rest, db } = cli;
const admin = createPartnerAdmin(db);

const kindOf = (value: string | undefined): PartnerKind =>
  value === 'affiliate' || value === 'broker' ? value : fail(`give affiliate or broker\n${USAGE}`);

try {
  await requireTable(cli, 'channel_partners');
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      nickname: { type: 'string' },
      headimg: { type: 'string' },
      signature: { type: 'string' },
      content: { type: 'string' },
      groups: { type: 'string' },
      anonymous: { type: 'boolean', default: false },
    },
  });
  switch (command) {
    case 'add': {
      const kind = kindOf(positionals[0]);
      const id = positionals[1] ?? fail(`add needs an id\n${USAGE}`);
      const row = await admin.add(kind, id, {
        nickname: values.nickname ?? '',
        headimg: values.headimg,
        signature: values.signature,
        content: values.content,
        groups: values.groups,
        anonymous: values.anonymous,
      });
      console.log(`${kind} ${row.id} (${row.nickname}) saved${row.disabled ? ', still disabled' : ''}`);
      break;
    }
    case 'list': {
      const rows = await admin.list(positionals[0] ? kindOf(positionals[0]) : undefined);
      if (rows.length === 0) console.log('no affiliates or brokers');
      for (const row of rows) {
        const flags = [row.disabled ? 'disabled' : 'active', row.anonymous ? 'anonymous' : ''].filter(
          Boolean,
        );
        console.log(`${row.kind}\t${row.id}\t${row.nickname}\t${flags.join(', ')}`);
      }
      break;
    }
    case 'disable':
    case 'enable': {
      const kind = kindOf(positionals[0]);
      const id = positionals[1] ?? fail(`${command} needs an id\n${USAGE}`);
      await admin.setFlags(kind, id, { disabled: command === 'disable' });
      console.log(`${kind} ${id} ${command}d`);
      break;
    }
    case 'anonymous': {
      const id = positionals[1] ?? fail(`anonymous needs an id\n${USAGE}`);
      const on =
        positionals[2] === 'on' ? true : positionals[2] === 'off' ? false : fail(`on or off\n${USAGE}`);
      await admin.setFlags(kindOf(positionals[0]), id, { anonymous: on });
      console.log(`affiliate ${id}: anonymity ${on ? 'on' : 'off'}`);
      break;
    }
    default:
      fail(`unknown command ${command}\n${USAGE}`);
  }
} catch (err) {
  if (err instanceof PartnerAdminError) fail(err.message);
  throw err;
} finally {
  await db.destroy();
}
