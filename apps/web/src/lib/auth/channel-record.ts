import type { SignupChannel } from '@gatehouse/contract';

/** Query parameters of spec §2 that travel unchanged into the sign-up channel record (§3). */
const CHANNEL_QUERY_FIELDS = [
  'regist_channel',
  'register_channel',
  'affiliate_id',
  'group_id',
  'group_type',
  'brokerId',
  'ref',
  'referrer',
  'medium',
  'content',
  'utmsource',
  'source',
  'campaign',
  'stage',
  'term',
  'tag',
  'language',
] as const satisfies readonly (keyof SignupChannel)[];

/** The server's limits (contract `signupChannelSchema`): longer values are cut, not refused. */
const SHORT_TEXT_MAX = 128;
const URL_MAX = 2048;

export interface ChannelInput {
  /** The page query (`location.search` without or with `?`). */
  search: string;
  /** The page URL the visitor signed up on (`url` of the record). */
  pageUrl: string;
  /** EU site only: the marketing e-mail consent checkbox (`ext_json.eu_subscription` 1/0). */
  euSubscription?: boolean | undefined;
  /** Inside Telegram: the `tg_source` of ext_json. */
  tgSource?: string | undefined;
}

/**
 * The channel record of the register payload (spec §3): the channel query fields, `url`, `user_code`
 * (the referral code), `oauth_tmp_login_id` (the OAuth client_id, or `not_found`) and `ext_json`.
 * Empty and malformed fields are dropped (§5); the affiliate id must be digits only (§5).
 */
export function channelRecord(input: ChannelInput): SignupChannel {
  const query = new URLSearchParams(input.search);
  const record: Record<string, unknown> = {};
  for (const field of CHANNEL_QUERY_FIELDS) {
    const value = query.get(field)?.trim().slice(0, SHORT_TEXT_MAX);
    if (value) record[field] = value;
  }
  if (typeof record.affiliate_id === 'string' && !/^\d{1,20}$/.test(record.affiliate_id)) {
    delete record.affiliate_id;
  }
  if (typeof record.ref === 'string') record.user_code = record.ref;
  if (input.pageUrl) record.url = input.pageUrl.slice(0, URL_MAX);
  record.oauth_tmp_login_id = query.get('client_id')?.trim().slice(0, SHORT_TEXT_MAX) || 'not_found';
  const ext: NonNullable<SignupChannel['ext_json']> = {};
  if (input.euSubscription !== undefined) ext.eu_subscription = input.euSubscription ? 1 : 0;
  if (input.tgSource) ext.tg_source = input.tgSource.slice(0, SHORT_TEXT_MAX);
  // An invite code here came with the link, not typed by the visitor (the form has no code field).
  if (record.ref || record.affiliate_id || record.brokerId) ext.is_manual_input = 0;
  if (Object.keys(ext).length > 0) record.ext_json = ext;
  return record as SignupChannel;
}

/** Drops `undefined`, `null` and empty-string fields of a payload (spec §5). */
export function dropEmpty<T extends Record<string, unknown>>(payload: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value !== undefined && value !== null && value !== '') out[key] = value;
  }
  return out as Partial<T>;
}
