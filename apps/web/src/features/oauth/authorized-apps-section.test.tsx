import type { ResultInputOf } from '@gatehouse/contract';
import * as oauthCalls from '@gatehouse/contract/endpoints/oauth';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { answerLoggedInUser, ok, apiFakeForFile } from '../../test/api-fake';

const fake = apiFakeForFile();

const GRANTED_AT = Date.UTC(2025, 0, 15, 12);

describe('dashboard: authorized apps', () => {
  it('lists the apps with their scopes in words and date, and revokes one after confirmation', async () => {
    answerLoggedInUser(fake);
    let apps: ResultInputOf<typeof oauthCalls.oauthAuthorizedApps>['apps'] = [
      {
        client_id: 'acme',
        name: 'Acme Portfolio',
        logo_url: 'https://acme.example/logo.png',
        scopes: [
          { name: 'profile', text_key: 'oauth.scope.profile' },
          { name: 'offline_access', text_key: 'oauth.scope.offline_access' },
        ],
        granted_at: GRANTED_AT,
        updated_at: GRANTED_AT,
      },
    ];
    fake.answer(oauthCalls.oauthAuthorizedApps, () => ok({ apps }));
    fake.answer(oauthCalls.oauthRevokeApp, () => {
      apps = [];
      return ok({ revoked: true });
    });

    await renderApp('/en/dashboard');
    const section = await screen.findByRole('region', { name: 'Authorized apps' });
    await within(section).findByRole('heading', { name: 'Acme Portfolio' });
    expect(within(section).getByRole('img', { name: 'Acme Portfolio logo' })).toBeTruthy();
    expect(
      within(section).getByText('Keep access while you are not using it, until you revoke it'),
    ).toBeTruthy();
    expect(within(section).getByText(/^Authorized on .*2025/)).toBeTruthy();

    const revoke = within(section).getByRole('button', { name: 'Revoke access' });
    // Which app the button acts on is part of its description.
    expect(revoke.getAttribute('aria-describedby')).toBe(
      within(section).getByRole('heading', { name: 'Acme Portfolio' }).id,
    );
    await act(async () => {
      fireEvent.click(revoke);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Revoke access for Acme Portfolio?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    });
    await within(section).findByText('You have not authorized any apps.');
    expect(fake.received(oauthCalls.oauthRevokeApp)).toEqual([{ client_id: 'acme' }]);
  });

  it('keeps the app when the dialog is cancelled', async () => {
    answerLoggedInUser(fake);
    fake.answer(
      oauthCalls.oauthAuthorizedApps,
      ok({
        apps: [
          {
            client_id: 'acme',
            name: 'Acme Portfolio',
            logo_url: null,
            scopes: [{ name: 'profile', text_key: 'oauth.scope.profile' }],
            granted_at: GRANTED_AT,
            updated_at: GRANTED_AT,
          },
        ],
      }),
    );
    await renderApp('/en/dashboard');
    const section = await screen.findByRole('region', { name: 'Authorized apps' });
    const revoke = await within(section).findByRole('button', { name: 'Revoke access' });
    await act(async () => {
      fireEvent.click(revoke);
    });
    const dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.received(oauthCalls.oauthRevokeApp)).toEqual([]);
    expect(within(section).getByRole('heading', { name: 'Acme Portfolio' })).toBeTruthy();
  });
});
