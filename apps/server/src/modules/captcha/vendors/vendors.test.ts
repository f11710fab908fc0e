import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import crypto from 'node:crypto';
import { geetestResult, recaptchaResult, tencentResult } from '@gatehouse/contract';
import { geetestVerifier } from './geetest.js';
import { recaptchaVerifier } from './recaptcha.js';
import { tc3Authorization, tencentVerifier } from './tencent.js';

/** A local stand-in for the three vendors' verify APIs, answering as the real ones do. */
let standIn: FastifyInstance;
let base = '';
const seen: { path: string; query: unknown; body: unknown; headers: Record<string, unknown> }[] = [];

beforeAll(async () => {
  standIn = Fastify();
  // The vendors' verify APIs take form bodies.
  standIn.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  standIn.post('/geetest/validate', async (req) => {
    seen.push({ path: 'geetest', query: req.query, body: req.body, headers: req.headers });
    const body = req.body as Record<string, string>;
    return { status: 'success', result: body.pass_token === 'good' ? 'success' : 'fail', reason: '' };
  });
  standIn.post('/recaptcha/siteverify', async (req) => {
    seen.push({ path: 'recaptcha', query: req.query, body: req.body, headers: req.headers });
    const body = req.body as Record<string, string>;
    if (body.response === 'broken') return 'not json';
    return body.response === 'good'
      ? { success: true }
      : { success: false, 'error-codes': ['invalid-input-response'] };
  });
  standIn.post('/tencent/', async (req) => {
    seen.push({ path: 'tencent', query: req.query, body: req.body, headers: req.headers });
    const body = req.body as Record<string, unknown>;
    const expected = tc3Authorization({
      secretId: 'sid',
      secretKey: 'skey',
      host: String(req.headers.host),
      payload: JSON.stringify(body),
      timestamp: Number(req.headers['x-tc-timestamp']),
    });
    if (req.headers.authorization !== expected)
      return { Response: { Error: { Code: 'AuthFailure.SignatureFailure' } } };
    return { Response: { CaptchaCode: body.Ticket === 'good' ? 1 : 9, CaptchaMsg: 'x', RequestId: 'r' } };
  });
  base = await standIn.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => standIn.close());

const ctx = { ip: '203.0.113.7' };

describe('vendor verifiers against a local stand-in', () => {
  it('Geetest v4: signs lot_number with the key and reads result', async () => {
    const v = geetestVerifier(
      { captchaId: 'cid', captchaKey: 'ckey', scriptUrl: '', verifyUrl: `${base}/geetest/validate` },
      2000,
    );
    const fields = { captcha_id: 'cid', lot_number: 'lot', captcha_output: 'out', gen_time: '1' };
    expect(await v.verify(geetestResult({ ...fields, pass_token: 'good' }), ctx)).toBe('ok');
    expect(await v.verify(geetestResult({ ...fields, pass_token: 'bad' }), ctx)).toBe('invalid');
    // Another account's id is refused without a call.
    expect(await v.verify(geetestResult({ ...fields, captcha_id: 'other', pass_token: 'good' }), ctx)).toBe(
      'invalid',
    );
    const call = seen.find((s) => s.path === 'geetest');
    expect(call?.query).toEqual({ captcha_id: 'cid' });
    expect(call?.body).toMatchObject({
      lot_number: 'lot',
      sign_token: crypto.createHmac('sha256', 'ckey').update('lot').digest('hex'),
    });
  });

  it('reCAPTCHA: posts secret, response and remoteip', async () => {
    const v = recaptchaVerifier(
      { siteKey: 'site', secret: 'sec', scriptUrl: '', verifyUrl: `${base}/recaptcha/siteverify` },
      2000,
    );
    expect(await v.verify(recaptchaResult('good'), ctx)).toBe('ok');
    expect(await v.verify(recaptchaResult('bad'), ctx)).toBe('invalid');
    expect(await v.verify(recaptchaResult('broken'), ctx)).toBe('unavailable');
    expect(seen.find((s) => s.path === 'recaptcha')?.body).toEqual({
      secret: 'sec',
      response: 'good',
      remoteip: '203.0.113.7',
    });
  });

  it('Tencent: DescribeCaptchaResult with a TC3 signature', async () => {
    const config = {
      appId: '190000',
      appSecretKey: 'appsecret',
      secretId: 'sid',
      secretKey: 'skey',
      scriptUrl: '',
      verifyUrl: `${base}/tencent/`,
    };
    const v = tencentVerifier(config, 2000);
    expect(await v.verify(tencentResult('good', 'rs'), ctx)).toBe('ok');
    expect(await v.verify(tencentResult('bad', 'rs'), ctx)).toBe('invalid');
    const call = seen.find((s) => s.path === 'tencent');
    expect(call?.body).toEqual({
      CaptchaType: 9,
      Ticket: 'good',
      UserIp: '203.0.113.7',
      Randstr: 'rs',
      CaptchaAppId: 190000,
      AppSecretKey: 'appsecret',
    });
    expect(call?.headers['x-tc-action']).toBe('DescribeCaptchaResult');
    // A wrong secret key fails the stand-in's signature check: the call itself failed.
    const wrong = tencentVerifier({ ...config, secretKey: 'other' }, 2000);
    expect(await wrong.verify(tencentResult('good', 'rs'), ctx)).toBe('unavailable');
  });

  it('counts an unreachable vendor as unavailable', async () => {
    const v = recaptchaVerifier(
      { siteKey: 's', secret: 's', scriptUrl: '', verifyUrl: 'http://127.0.0.1:9/x' },
      500,
    );
    expect(await v.verify(recaptchaResult('good'), ctx)).toBe('unavailable');
  });
});
