import {
  maskLoginName,
  RetCode,
  SELF_UNBAN_WINDOW_MS,
  SELF_UNBLOCK_CODE_MAX_ATTEMPTS,
  SELF_UNBLOCK_CODE_RESEND_MS,
  SELF_UNBLOCK_CODE_TTL_MS,
  SITES,
  type SelfUnblockSent,
  type SiteId,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import type { BanTokens } from '../../lib/ban-tokens.js';
import { createOneTimeCodes } from '../../lib/one-time-codes.js';
import type { KvStore } from '../../plugins/kv.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { Ban, BanService } from '../bans/bans.service.js';
import type { Delivery } from '../delivery/delivery-types.js';

export interface SelfUnblockDeps {
  accounts: AccountsRepository;
  bans: BanService;
  banTokens: BanTokens;
  delivery: Delivery;
  kv: KvStore;
  now: () => number;
}

/** What an unblock code stands for: this ban of this account (a ban replaced since is not lifted). */
interface UnblockCodePayload {
  bannedAt: number;
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));
const unavailable = () => new ApiError(RetCode.SelfUnbanUnavailable);

/**
 * Self-unblock (docs/flows/ban.md): the `self_unbind_token` cookie names the account; a code to its
 * e-mail or mobile proves the owner; the ban is lifted when the operator allowed self-help, the 24 h
 * window after `baned_time` has passed (spec §9) and the site offers it (`SiteDefinition.selfUnblock`).
 * Anything else is 31040, the same answer for a forged cookie and for a ban that may not be lifted.
 */
export function createSelfUnblockService(deps: SelfUnblockDeps) {
  const { kv } = deps;
  const codes = createOneTimeCodes<UnblockCodePayload>(kv, 'unblock', {
    ttlMs: SELF_UNBLOCK_CODE_TTL_MS,
    maxAttempts: SELF_UNBLOCK_CODE_MAX_ATTEMPTS,
  });

  /** The account and ban the cookie names, when that ban may be lifted here and now. */
  const eligible = async (token: string | null, site: SiteId, now: number) => {
    if (!SITES[site].selfUnblock) throw unavailable();
    const userId = await deps.banTokens.userIdOf(token);
    const account = userId ? await deps.accounts.findById(userId) : undefined;
    const ban: Ban | null = account ? await deps.bans.active(account) : null;
    if (!account || !ban || !ban.selfHelp || now < ban.bannedAt + SELF_UNBAN_WINDOW_MS) throw unavailable();
    return { account, ban };
  };

  return {
    async sendCode(
      token: string | null,
      input: { channel?: 'email' | 'mobile' | undefined },
      client: { site: SiteId; locale: string | null },
    ): Promise<SelfUnblockSent> {
      const now = deps.now();
      const { account, ban } = await eligible(token, client.site, now);
      const wantsMobile = input.channel === 'mobile' ? account.mobile : null;
      const channel = wantsMobile || !account.email ? 'mobile' : 'email';
      const to = channel === 'email' ? account.email : account.mobile;
      if (!to) throw unavailable();
      // Set-if-absent: of parallel sends for one account exactly one passes; the value is the end time.
      const coolKey = `unblock:cool:${account.id}`;
      if (!(await kv.add(coolKey, String(now + SELF_UNBLOCK_CODE_RESEND_MS), SELF_UNBLOCK_CODE_RESEND_MS))) {
        const until = Number((await kv.get(coolKey)) ?? now);
        throw new ApiError(RetCode.TooFrequent, undefined, 200, { retry_after: seconds(until - now) });
      }
      const { code } = await codes.issue(account.id, { bannedAt: ban.bannedAt }, now);
      // Through the delivery outbox (and SMTP / the SMS provider when configured); a failed hand-over is
      // SystemBusy (delivery.service.ts) and the code is forgotten, so the next send starts clean.
      try {
        await deps.delivery.send({
          channel: channel === 'email' ? 'email' : 'sms',
          to,
          kind: 'self-unblock-code',
          locale: client.locale ?? account.lang,
          vars: { code, minutes: String(SELF_UNBLOCK_CODE_TTL_MS / 60_000) },
        });
      } catch (err) {
        await codes.burn(account.id);
        await kv.del(coolKey);
        throw err;
      }
      return {
        channel,
        masked_target: maskLoginName(to),
        expires_in: seconds(SELF_UNBLOCK_CODE_TTL_MS),
        resend_in: seconds(SELF_UNBLOCK_CODE_RESEND_MS),
      };
    },

    /** Lift the ban with the code; the cookie's token is spent. */
    async unblock(token: string | null, code: string, site: SiteId): Promise<void> {
      const now = deps.now();
      const { account, ban } = await eligible(token, site, now);
      // Attempts are counted before comparing and a right code is consumed once (lib/one-time-codes.ts):
      // parallel guesses compare at most SELF_UNBLOCK_CODE_MAX_ATTEMPTS codes, and one code lifts once.
      const verdict = await codes.verify(account.id, code, now);
      if (!verdict.ok && verdict.reason === 'wrong') {
        throw new ApiError(RetCode.VerifyCodeInvalid, undefined, 200, {
          remaining_attempts: verdict.remainingAttempts,
        });
      }
      if (!verdict.ok || verdict.payload.bannedAt !== ban.bannedAt)
        throw new ApiError(RetCode.VerifyCodeExpired);
      if (!(await deps.bans.lift(account.id, ban.bannedAt))) throw unavailable();
      if (token) await deps.banTokens.revoke(token);
    },
  };
}
