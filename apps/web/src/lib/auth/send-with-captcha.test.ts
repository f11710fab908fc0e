import { magpieResult, RetCode } from '@gatehouse/contract';
import type * as CaptchaModule from '../captcha';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../api';
import { CaptchaError } from '../captcha/captcha-error';
import { captchaLoginName, sendWithCaptcha } from './send-with-captcha';

const runCaptcha = vi.hoisted(() => vi.fn());
vi.mock('../captcha', async (importOriginal) => ({
  ...(await importOriginal<typeof CaptchaModule>()),
  runCaptcha,
}));

const solved = magpieResult('dG9rZW4=', 31000);
const required = () =>
  new ApiCallError({ ret_code: RetCode.CaptchaRequired, ret_msg: 'captcha required', result: null }, false);

afterEach(() => runCaptcha.mockReset());

describe('sendWithCaptcha', () => {
  it('runs the scene of the flow on the site and puts the result under `captcha`', async () => {
    runCaptcha.mockResolvedValue(solved);
    const send = vi.fn(async (fields: object) => fields);
    const sent = await sendWithCaptcha('login', 'EU', { loginName: 'a@b.c' }, send);
    expect(runCaptcha).toHaveBeenCalledWith(31014, { loginName: 'a@b.c', force: false });
    expect(sent).toEqual({ value: { captcha: solved } });
    await sendWithCaptcha('login', 'TUR', {}, send);
    expect(runCaptcha).toHaveBeenLastCalledWith(31013, { force: false });
    await sendWithCaptcha('register', 'TUR', {}, send);
    expect(runCaptcha).toHaveBeenLastCalledWith(31004, { force: false });
  });

  it('sends without a captcha field when the site does not ask for the scene', async () => {
    runCaptcha.mockResolvedValue(null);
    const send = vi.fn(async (fields: object) => fields);
    expect(await sendWithCaptcha('register', 'global', {}, send)).toEqual({ value: {} });
  });

  it.each(['cancelled', 'unavailable'] as const)('answers null and sends nothing when %s', async (kind) => {
    runCaptcha.mockRejectedValue(new CaptchaError(kind));
    const send = vi.fn();
    expect(await sendWithCaptcha('login', 'global', {}, send)).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('lets other failures through', async () => {
    runCaptcha.mockRejectedValue(new Error('boom'));
    await expect(sendWithCaptcha('login', 'global', {}, vi.fn())).rejects.toThrow('boom');
    runCaptcha.mockResolvedValue(solved);
    const other = new ApiCallError({ ret_code: 31002, ret_msg: 'wrong', result: null }, false);
    await expect(sendWithCaptcha('login', 'global', {}, vi.fn().mockRejectedValue(other))).rejects.toBe(
      other,
    );
    expect(runCaptcha).toHaveBeenCalledTimes(2);
  });

  it('on 10026 runs the captcha again (forced) and retries once', async () => {
    runCaptcha.mockResolvedValueOnce(null).mockResolvedValueOnce(solved);
    const send = vi.fn().mockRejectedValueOnce(required()).mockResolvedValueOnce('sent');
    expect(await sendWithCaptcha('register', 'global', {}, send)).toEqual({ value: 'sent' });
    expect(runCaptcha).toHaveBeenLastCalledWith(31004, { force: true });
    expect(send.mock.calls).toEqual([[{}], [{ captcha: solved }]]);
  });

  it('retries once only: a second 10026 reaches the caller', async () => {
    runCaptcha.mockResolvedValue(solved);
    const send = vi.fn().mockRejectedValue(required());
    await expect(sendWithCaptcha('register', 'global', {}, send)).rejects.toBeInstanceOf(ApiCallError);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('retries on an answer `needsCaptcha` recognises (callers that return outcomes)', async () => {
    runCaptcha.mockResolvedValue(solved);
    const send = vi
      .fn<() => Promise<{ kind: string }>>()
      .mockResolvedValueOnce({ kind: 'captcha' })
      .mockResolvedValueOnce({ kind: 'done' });
    const sent = await sendWithCaptcha('login', 'global', {}, send, (answer) => answer.kind === 'captcha');
    expect(sent).toEqual({ value: { kind: 'done' } });
    expect(runCaptcha).toHaveBeenCalledTimes(2);
  });

  it('stops quietly when the second captcha is cancelled', async () => {
    runCaptcha.mockResolvedValueOnce(null).mockRejectedValueOnce(new CaptchaError('cancelled'));
    const send = vi.fn().mockRejectedValue(required());
    expect(await sendWithCaptcha('login', 'global', {}, send)).toBeNull();
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('captchaLoginName', () => {
  it('is the e-mail, or + calling code and number', () => {
    expect(captchaLoginName({ email: 'a@b.c' })).toBe('a@b.c');
    expect(captchaLoginName({ country_code: '44', mobile: '7700900123' })).toBe('+447700900123');
  });
});
