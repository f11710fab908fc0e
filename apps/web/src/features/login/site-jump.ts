import { siteJumpFor, type JumpPageKind } from '@gatehouse/contract';
import * as kyc from '@gatehouse/contract/endpoints/compliance';
import * as quick from '@gatehouse/contract/endpoints/quick-login';
import { api } from '../../api';
import type { AuthContext } from '../../lib/auth/auth-context';

// Loaded with the form's actions (login-actions.ts), after a successful login.

function pageKind(ctx: AuthContext, path: string): JumpPageKind {
  if (new URLSearchParams(ctx.search).get('demoAccount') === 'true') return 'demo';
  if (ctx.site === 'TUR' || /\/tr-[a-z]+$/.test(path)) return 'turkey';
  if (/\/oauth/.test(path)) return 'oauth';
  return 'normal';
}

/**
 * Spec §4 site jump, the forced case: a user whose KYC country belongs to the Netherlands site (or who
 * logs in there with a KYC country of another site) is moved there still logged in. The session is
 * handed over with quick login's one-time token minted for the target site; the query goes along.
 * True when the page is leaving. Any failure keeps the user here, logged in.
 */
export async function forcedSiteJump(ctx: AuthContext, path: string): Promise<boolean> {
  try {
    const rc = await api.call(kyc.rcConfig, { site_id: ctx.site }, { hideError: true });
    const jump = siteJumpFor({
      site: ctx.site,
      kycCountry: rc?.result.kyc_country ?? null,
      page: pageKind(ctx, path),
    });
    const origin = jump?.forced ? ctx.siteOrigins?.[jump.to] : undefined;
    if (!jump || !origin) return false;
    const token = await api.call(quick.quickToken, { site_id: jump.to }, { hideError: true });
    if (!token?.result) return false;
    const query = new URLSearchParams(ctx.search);
    query.set('tmp_token', token.result.tmp_token);
    window.location.assign(`${origin}/login?${query.toString()}`);
    return true;
  } catch {
    return false;
  }
}
