// `npm run kyc -- <command>`: record the outcome of an account's identity verification (KYC) in the
// configured database (DATABASE_URL), as the KYC service's internal call does. The running server
// reads it on the next request. See docs/flows/compliance.md.
//
//   set <account id|e-mail> --level 1|2 --country NL
//   clear <account id|e-mail>
//   show <account id|e-mail>
import { sql } from 'kysely';
import { parseArgs } from 'node:util';
import { homeSiteOf } from '@gatehouse/contract';
import { fail, startOperatorCli } from './operator-cli.js';
import { createAccountsRepository } from '../src/modules/accounts/accounts.repository.js';
import { createKycAdmin, KycAdminError, MAX_KYC_LEVEL } from '../src/modules/compliance/kyc-admin.js';

const USAGE = `usage: npm run kyc -- <command>
  set <account id|e-mail> --level 1-${MAX_KYC_LEVEL} --country <ISO alpha-2, e.g. NL>
      records a verified identity: profile kyc_person_level / member_tag.KYC, and the KYC country
      that decides the site jump after login (docs/flows/compliance.md)
  clear <account id|e-mail>
      back to not verified (level 0, no country)
  show <account id|e-mail>`;

const cli = startOperatorCli(USAGE);
const { command, rest, db } = cli;
try {
  try {
    await sql`select kyc_country from users where 1 = 0`.execute(db);
  } catch {
    fail('the database has no users.kyc_country: run `npm run migrate -w apps/server` (or npm start) first');
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { level: { type: 'string' }, country: { type: 'string' } },
  });
  const target = positionals[0] ?? fail(`${command} needs an account id or e-mail\n${USAGE}`);
  const admin = createKycAdmin(createAccountsRepository(db));
  const print = (a: { id: string; kycLevel: number; kycCountry: string | null }) =>
    console.log(
      a.kycLevel > 0 && a.kycCountry
        ? `${a.id}: KYC level ${a.kycLevel}, country ${a.kycCountry} (belongs to the ${homeSiteOf(a.kycCountry)} site)`
        : `${a.id}: not verified`,
    );
  switch (command) {
    case 'set': {
      const level = Number(values.level ?? fail(`--level is required\n${USAGE}`));
      const country = values.country ?? fail(`--country is required\n${USAGE}`);
      print(await admin.set(target, { level, country }));
      break;
    }
    case 'clear':
      print(await admin.set(target, { level: 0, country: null }));
      break;
    case 'show':
      print(await admin.find(target));
      break;
    default:
      fail(`unknown command ${command}\n${USAGE}`);
  }
} catch (err) {
  if (err instanceof KycAdminError) fail(err.message);
  throw err;
} finally {
  await db.destroy();
}
