import type { Insertable } from 'kysely';
import type { SignupChannel } from '@gatehouse/contract';
import type { SignupChannelsTable } from '../../db/schema.js';

/**
 * The sign-up channel record (spec §3 register payload) as kept with the flow: every field of
 * the payload except the Telegram callbacks. Those are signed login data of the Telegram
 * account; the Telegram binding verifies and consumes them, and they have no business in a
 * marketing record.
 */
export type ChannelRecord = Omit<SignupChannel, 'telegram_callback' | 'telegram_callback_mini'>;

/** Drop the Telegram callbacks and the empty values (§5 "Empty and null fields are dropped"). */
export function channelRecord(input: SignupChannel): ChannelRecord {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === 'telegram_callback' || key === 'telegram_callback_mini') continue;
    if (value === undefined || value === null || value === '') continue;
    record[key] = value;
  }
  return record as ChannelRecord;
}

const json = (value: Record<string, unknown>): string | null =>
  Object.keys(value).length === 0 ? null : JSON.stringify(value);

/** The `signup_channels` row: named columns for what reports filter on, JSON for the rest. */
export function buildChannelRow(
  userId: string,
  site: string,
  platform: string,
  record: ChannelRecord,
  now: number,
): Insertable<SignupChannelsTable> {
  const {
    regist_channel,
    register_channel,
    url,
    user_code,
    affiliate_id,
    oauth_tmp_login_id,
    ext_json,
    ...utm
  } = record;
  const ext: Record<string, unknown> = { ...ext_json };
  // is_manual_input may come as a boolean; the record keeps the 1/0 form of the payload.
  if (typeof ext.is_manual_input === 'boolean') ext.is_manual_input = ext.is_manual_input ? 1 : 0;
  return {
    user_id: userId,
    site,
    platform,
    regist_channel: regist_channel ?? register_channel ?? null,
    url: url ?? null,
    user_code: user_code ?? null,
    affiliate_id: affiliate_id ?? null,
    oauth_tmp_login_id: oauth_tmp_login_id ?? null,
    ext_json: json(ext),
    utm_json: json(utm),
    created_at: now,
    tg_source: typeof ext.tg_source === 'string' ? ext.tg_source : null,
    is_manual_input: ext.is_manual_input === 1 || ext.is_manual_input === 0 ? ext.is_manual_input : null,
  };
}
