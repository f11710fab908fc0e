import { RetCode, type ResultInputOf } from '@gatehouse/contract';
import * as registrationCalls from '@gatehouse/contract/endpoints/registration';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { fail, ok, apiFakeForFile } from '../../test/api-fake';

const UUID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const TOKEN = 'A'.repeat(43);
const PATH = `/en/email-code-verify?uuid=${UUID}&token=${TOKEN}`;
const recalled: ResultInputOf<typeof registrationCalls.registerRecall> = {
  recall_stage: 'commit_password',
  platform: 'pc',
  login_name: 'ann***@example.com',
  version: 'new-link',
  channel: 'email',
  verify_type: 'link',
};

const fake = apiFakeForFile();

describe('e-mail link landing page', () => {
  it('offers to set the password here when this browser started the sign-up', async () => {
    fake.answer(registrationCalls.registerVerify, ok({ verify_result: 1 }));
    fake.answer(registrationCalls.registerRecall, ok(recalled));
    await renderApp(PATH);
    await screen.findByText('Your e-mail address is confirmed.');
    expect(screen.getByRole('link', { name: 'Set your password here' }).getAttribute('href')).toBe(
      `/en/register?uuid=${UUID}`,
    );
    expect(fake.received(registrationCalls.registerVerify)[0]).toEqual({
      uuid: UUID,
      token: TOKEN,
    });
  });

  it('sends the user back to the first browser when the sign-up belongs to another one', async () => {
    fake.answer(registrationCalls.registerVerify, ok({ verify_result: 1 }));
    fake.answer(registrationCalls.registerRecall, fail(RetCode.RegisterFlowNotBound));
    await renderApp(PATH);
    await screen.findByText('Your e-mail address is confirmed.');
    expect(
      screen.getByText('Go back to the browser where you started signing up to finish there.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Set your password here' })).toBeNull();
  });

  it('says the link was used, and where to finish, when it is opened again in another browser', async () => {
    fake.answer(registrationCalls.registerVerify, fail(RetCode.RegisterStepInvalid));
    fake.answer(registrationCalls.registerRecall, fail(RetCode.RegisterFlowNotBound));
    await renderApp(PATH);
    await waitFor(() => expect(screen.getByText('This link has expired or was already used.')).toBeTruthy());
    expect(
      screen.getByText('Go back to the browser where you started signing up to finish there.'),
    ).toBeTruthy();
  });
});
