import { describe, expect, it } from 'vitest';
import { CENSOR, censorFields, redactSecrets } from './log-redaction.js';

describe('redactSecrets', () => {
  it('blanks top-level passwords and tokens', () => {
    expect(redactSecrets({ password: 'p', new_password: 'n', token: 't', userId: 3 })).toEqual({
      password: CENSOR,
      new_password: CENSOR,
      token: CENSOR,
      userId: 3,
    });
  });

  it('blanks fields named like secrets one level down, whatever holds them', () => {
    const body = { email: 'a@b.c', code: '123456', uuid: 'u', client_secret: 's', refresh_token: 'r' };
    expect(redactSecrets({ body })).toEqual({
      body: { email: 'a@b.c', code: CENSOR, uuid: CENSOR, client_secret: CENSOR, refresh_token: CENSOR },
    });
  });

  it('blanks credential headers in a logged headers object', () => {
    const headers = {
      authorization: 'Basic x',
      cookie: 'c',
      usertoken: 'u',
      'x-signup-binding': 'b',
      accept: '*/*',
    };
    expect(redactSecrets({ headers }).headers).toEqual({
      authorization: CENSOR,
      cookie: CENSOR,
      usertoken: CENSOR,
      'x-signup-binding': CENSOR,
      accept: '*/*',
    });
  });

  it('never changes the logged objects, and copies nothing when there is nothing to blank', () => {
    const body = { code: '123456' };
    const line = { body, retCode: 1 };
    const redacted = redactSecrets(line);
    expect(body.code).toBe('123456');
    expect(redacted).not.toBe(line);
    const clean = { retCode: 1, clientMetrics: { events: [] } };
    expect(redactSecrets(clean)).toBe(clean);
  });

  it('leaves the request, reply and error to their serializers', () => {
    const req = { code: 'the serializer writes method, path, host and address only' };
    expect(redactSecrets({ req }).req).toBe(req);
  });
});

describe('censorFields', () => {
  it("blanks an error's own fields named like secrets", () => {
    expect(censorFields({ token: 't', status: 401 })).toEqual({ token: CENSOR, status: 401 });
  });
});
