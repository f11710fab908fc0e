import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import {
  answerLoggedInUser,
  ok,
  startAuthTestServer,
  type AuthTestServer,
} from '../auth-common/test-support/auth-test-server';

let server: AuthTestServer;
beforeAll(async () => {
  server = await startAuthTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.reset();
});

const GRANTED_AT = Date.UTC(2025, 0, 15, 12);

describe('dashboard: authorized apps', () => {
  it('lists the apps with their scopes in words and date, and revokes one after confirmation', async () => {
    answerLoggedInUser(server);
    let apps = [
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
    server.answer('GET', '/oauth/v1/private/authorized-apps', () => ok({ apps }));
    server.answer('POST', '/oauth/v1/private/revoke-app', () => {
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
    expect(server.received.get('POST /oauth/v1/private/revoke-app')).toEqual([{ client_id: 'acme' }]);
  });

  it('keeps the app when the dialog is cancelled', async () => {
    answerLoggedInUser(server);
    server.answer(
      'GET',
      '/oauth/v1/private/authorized-apps',
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
    expect(server.received.has('POST /oauth/v1/private/revoke-app')).toBe(false);
    expect(within(section).getByRole('heading', { name: 'Acme Portfolio' })).toBeTruthy();
  });
});
