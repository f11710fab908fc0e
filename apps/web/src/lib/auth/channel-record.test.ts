import { describe, expect, it } from 'vitest';
import { channelRecord, dropEmpty } from './channel-record';

describe('channelRecord', () => {
  it('copies the channel query fields, the page url and the referral code', () => {
    const record = channelRecord({
      search: '?ref=ABC123&affiliate_id=42&utmsource=news&medium=mail&campaign=spring&redirect_url=/x',
      pageUrl: 'http://localhost/en/register?ref=ABC123',
    });
    expect(record).toEqual({
      ref: 'ABC123',
      user_code: 'ABC123',
      affiliate_id: '42',
      utmsource: 'news',
      medium: 'mail',
      campaign: 'spring',
      url: 'http://localhost/en/register?ref=ABC123',
      oauth_tmp_login_id: 'not_found',
      ext_json: { is_manual_input: 0 },
    });
  });

  it('drops empty fields and a non-numeric affiliate id', () => {
    const record = channelRecord({ search: 'ref=&affiliate_id=12a&tag=%20', pageUrl: '' });
    expect(record).toEqual({ oauth_tmp_login_id: 'not_found' });
  });

  it('takes the OAuth client id and the EU subscription choice', () => {
    expect(channelRecord({ search: 'client_id=demo', pageUrl: '', euSubscription: true })).toEqual({
      oauth_tmp_login_id: 'demo',
      ext_json: { eu_subscription: 1 },
    });
    expect(channelRecord({ search: '', pageUrl: '', euSubscription: false }).ext_json).toEqual({
      eu_subscription: 0,
    });
  });
});

describe('dropEmpty', () => {
  it('keeps zero and false, drops empty strings, null and undefined', () => {
    expect(dropEmpty({ a: 0, b: false, c: '', d: null, e: undefined, f: 'x' })).toEqual({
      a: 0,
      b: false,
      f: 'x',
    });
  });
});

describe('is_manual_input', () => {
  it('is 0 when an invite code came with the link, absent otherwise', () => {
    expect(channelRecord({ search: '?ref=ABCD2345', pageUrl: '' }).ext_json).toEqual({ is_manual_input: 0 });
    expect(channelRecord({ search: '?affiliate_id=12', pageUrl: '' }).ext_json).toEqual({
      is_manual_input: 0,
    });
    expect(channelRecord({ search: '?brokerId=acme', pageUrl: '' }).ext_json).toEqual({ is_manual_input: 0 });
    expect(channelRecord({ search: '?medium=x', pageUrl: '' }).ext_json).toBeUndefined();
  });
});
