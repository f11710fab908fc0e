// `node scripts/generate-keys.mjs [--dev] [--shell]`: print a fresh set of the keys every instance must share
// (SHARED_KEYS in apps/server/src/config/config.ts, docs/deployment.md "Keys"), as env-file lines.
// Plain Node with no dependencies, so it runs anywhere the server does.
//
// The PEMs are written on one line with literal `\n`, which the server reads back: such a line works
// as it is in a Docker/Compose env file, a systemd EnvironmentFile, a Kubernetes secret or dotenv.
// `--shell` quotes the values for a shell instead (`set -a; . ./keys.env; set +a`): env files other
// than dotenv would keep those quotes as part of the value.
// `--dev` adds a stand-in Telegram bot token that drives the local simulator (never in production:
// there the token is the bot's own, from @BotFather, or absent to keep Telegram off).
import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';

const dev = process.argv.includes('--dev');
const shell = process.argv.includes('--shell');
const value = (v) => (shell ? `'${v}'` : v);

const rsaPem = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString()
    .trimEnd()
    .replaceAll('\n', '\\n');

const lines = [
  `# Gatehouse shared keys, generated ${new Date().toISOString()}.`,
  '# Give every instance the same values, keep them secret, and keep them: a new password key makes',
  '# pages already open unable to send passwords until reloaded.',
  `PASSWORD_RSA_PRIVATE_KEY_PROD=${value(rsaPem())}`,
  `PASSWORD_RSA_PRIVATE_KEY_TESTNET=${value(rsaPem())}`,
  `PASSWORD_RSA_PRIVATE_KEY_TEST=${value(rsaPem())}`,
  `CAPTCHA_HMAC_KEY=${value(randomBytes(32).toString('hex'))}`,
  `TWO_FACTOR_KEY=${value(randomBytes(32).toString('hex'))}`,
  dev
    ? `TELEGRAM_BOT_TOKEN=${value(`${randomInt(1_000_000_000, 10_000_000_000)}:${randomBytes(27).toString('base64url').slice(0, 35)}`)}`
    : '# TELEGRAM_BOT_TOKEN=<the bot token from @BotFather>  (production without it: Telegram is off)',
];
process.stdout.write(`${lines.join('\n')}\n`);
