import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthContext } from '../../lib/auth/auth-context';
import { finish } from './login-actions';

const ctx = (search = ''): AuthContext => ({
  site: 'global',
  locale: 'en',
  search,
  origin: 'http://localhost',
  brandDomains: [],
  navigate: vi.fn(),
});

afterEach(() => vi.restoreAllMocks());

describe('finish (after a successful login)', () => {
  it('follows the redirect of spec §2 without an embedding flow', async () => {
    const page = ctx();
    await finish(page);
    expect(page.navigate).toHaveBeenCalledWith('/en/dashboard');
  });

  it("hands over to the embedding flow's onDone instead, with the Telegram bind result", async () => {
    const page = ctx();
    const onDone = vi.fn();
    await finish(page, { onDone }, 'success|login_bind');
    expect(onDone).toHaveBeenCalledWith({ newUser: false, tgBindResult: 'success|login_bind' });
    expect(page.navigate).not.toHaveBeenCalled();
  });
});
