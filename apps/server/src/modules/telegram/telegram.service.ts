import {
  formatTgBindResult,
  NO_BIND_UID,
  RetCode,
  TELEGRAM_PENDING_BIND_TTL_MS,
  TG_BIND_STATUS,
  TG_BIND_SUCCESS_MESSAGE,
  type TelegramUser,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import type { KvStore } from '../../plugins/kv.js';
import type { PendingBinds } from './telegram-pending.js';
import type { TelegramBinding, TelegramRepository } from './telegram.repository.js';
import {
  MAX_FUTURE_SKEW_SEC,
  TelegramVerifyError,
  type TelegramIdentity,
  type TelegramVerifier,
  type VerifiedTelegramData,
} from './telegram-verify.js';

export interface TelegramServiceDeps {
  repo: TelegramRepository;
  /** Null when no bot token is configured (production): every Telegram call answers 43007. */
  verifier: TelegramVerifier | null;
  kv: KvStore;
  pending: PendingBinds;
  maxAgeSec: number;
  now: () => number;
  /** A new binding was made (not a refresh of the same pair): the plugin mails the account. */
  onBound?: (userId: string, binding: TelegramBinding) => void;
}

/** What a payload may authorise, each at most once (docs/telegram.md "Each payload once"). */
export type OncePurpose = 'login' | 'bind';

/** The signed data of a request: the widget's or the Mini App's. */
export interface TelegramCallbacks {
  telegram_callback?: string | undefined;
  telegram_callback_mini?: string | undefined;
}

export type ThirdPartyOutcome =
  | { kind: 'bound'; userId: string; user: TelegramIdentity }
  | { kind: 'pending'; pendingId: string; user: TelegramIdentity };

export function telegramUserOf(user: TelegramIdentity | TelegramBinding): TelegramUser {
  return 'telegramId' in user
    ? {
        id: user.telegramId,
        username: user.username,
        first_name: user.firstName,
        last_name: user.lastName,
        photo_url: user.photoUrl,
      }
    : {
        id: user.id,
        username: user.username,
        first_name: user.firstName,
        last_name: user.lastName,
        photo_url: user.photoUrl,
      };
}

/** The name the dashboard's bound-accounts list shows: `@username`, else the full name. */
export function displayNameOf(b: TelegramBinding): string {
  return b.username ? `@${b.username}` : [b.firstName, b.lastName].filter(Boolean).join(' ');
}

const BIND_FAILURE_TEXT = {
  [TG_BIND_STATUS.PENDING_EXPIRED]: 'The Telegram authorisation has expired. Please authorise again.',
  [TG_BIND_STATUS.TELEGRAM_TAKEN]: 'This Telegram account is already linked to another account.',
  [TG_BIND_STATUS.ACCOUNT_TAKEN]: 'This account is already linked to another Telegram account.',
  [TG_BIND_STATUS.OTHER_DEVICE]: 'The Telegram authorisation was started on another device.',
} as const;

export function createTelegramService(deps: TelegramServiceDeps) {
  const { repo } = deps;

  const verifierOrFail = (): TelegramVerifier => {
    if (!deps.verifier) throw new ApiError(RetCode.TelegramUnavailable);
    return deps.verifier;
  };

  /** Verify one payload (no replay check yet: that comes once the caller is allowed to act). */
  const verifyRaw = (kind: 'widget' | 'mini', raw: string): VerifiedTelegramData => {
    const verifier = verifierOrFail();
    try {
      return kind === 'widget' ? verifier.verifyWidget(raw) : verifier.verifyInitData(raw);
    } catch (err) {
      if (!(err instanceof TelegramVerifyError)) throw err;
      if (err.reason === 'stale') throw new ApiError(RetCode.TelegramAuthExpired);
      throw new ApiError(RetCode.TelegramAuthInvalid);
    }
  };

  /** Bind, refusing when either side is taken by someone else; the same pair again is a no-op. */
  const bind = async (userId: string, user: TelegramIdentity, allowBotMessages: boolean | null) => {
    const now = deps.now();
    const byTelegram = await repo.findByTelegramId(user.id);
    if (byTelegram && byTelegram.userId !== userId) throw new ApiError(RetCode.TelegramAlreadyBound);
    if (byTelegram) {
      await repo.refresh(user.id, user, allowBotMessages, now);
      return (await repo.findByTelegramId(user.id)) ?? byTelegram;
    }
    const outcome = await repo.insert(userId, user, allowBotMessages ?? user.allowsWriteToPm ?? false, now);
    if (outcome.ok) {
      deps.onBound?.(userId, outcome.binding);
      return outcome.binding;
    }
    throw new ApiError(
      outcome.taken === 'telegram' ? RetCode.TelegramAlreadyBound : RetCode.TelegramAccountAlreadyLinked,
    );
  };

  return {
    /** When a session (by its stored id) started: the re-authentication window is measured from it. */
    sessionCreatedAt: (sessionId: string): Promise<number | null> => repo.sessionCreatedAt(sessionId),

    /** True when a bot token is in force. */
    get enabled(): boolean {
      return deps.verifier !== null;
    },

    /** Exactly one of the callbacks: the widget's or the Mini App's. */
    verifyCallbacks(input: TelegramCallbacks): VerifiedTelegramData {
      if (input.telegram_callback !== undefined) return verifyRaw('widget', input.telegram_callback);
      if (input.telegram_callback_mini !== undefined) return verifyRaw('mini', input.telegram_callback_mini);
      throw new ApiError(RetCode.ParamsInvalid, 'send telegram_callback or telegram_callback_mini');
    },

    /** The `TgToken` header: Mini App init data, checked each time, never consumed. */
    verifyTgToken(raw: string | null): VerifiedTelegramData {
      if (raw === null) throw new ApiError(RetCode.TelegramAuthInvalid, 'TgToken header missing');
      return verifyRaw('mini', raw);
    },

    /**
     * Accept this payload for `purpose` once: a second use (a replay, or a double submit) answers
     * 43002. The key lives as long as the payload could still pass the age check.
     */
    async consumeOnce(data: VerifiedTelegramData, purpose: OncePurpose): Promise<void> {
      const ttlMs = (deps.maxAgeSec + MAX_FUTURE_SKEW_SEC) * 1000;
      const first = await deps.kv.add(`tg-once:${purpose}:${data.kind}:${data.proof}`, '1', ttlMs);
      if (!first)
        throw new ApiError(RetCode.TelegramAuthExpired, 'This Telegram authorisation was already used.');
    },

    bind,

    async statusOf(userId: string): Promise<TelegramBinding | undefined> {
      return repo.findByUserId(userId);
    },

    async unbind(userId: string): Promise<void> {
      if (!(await repo.deleteByUserId(userId))) throw new ApiError(RetCode.TelegramNotBound);
    },

    /** One-person-bind: the account this Telegram user is bound to, "0" for none. */
    async bindUidOfTelegram(telegramId: string): Promise<string> {
      return (await repo.findByTelegramId(telegramId))?.userId ?? NO_BIND_UID;
    },

    async bindUidOfUser(userId: string): Promise<string> {
      return (await repo.findByUserId(userId)) ? userId : NO_BIND_UID;
    },

    /** Third-party login: the bound account, or a pending bind for login-and-bind / register-and-bind. */
    async thirdPartyLogin(data: VerifiedTelegramData, guid: string | null): Promise<ThirdPartyOutcome> {
      const binding = await repo.findByTelegramId(data.user.id);
      if (binding) {
        // Telegram's name and avatar may have changed since the bind.
        await repo.refresh(binding.telegramId, data.user, null, deps.now());
        return { kind: 'bound', userId: binding.userId, user: data.user };
      }
      const pendingId = await deps.pending.create({ user: data.user, guid, createdAt: deps.now() });
      return { kind: 'pending', pendingId, user: data.user };
    },

    pendingTtlSeconds: TELEGRAM_PENDING_BIND_TTL_MS / 1000,

    /**
     * Finish a pending bind for the account that just logged in or signed up. Never throws for a
     * business reason: the login or sign-up has succeeded either way; the answer is the
     * `tg_bind_result` (`status|message`) for the web's toast or failure modal (spec §4, §8).
     */
    async completePendingBind(
      pendingId: string,
      userId: string,
      opts: { via: 'login' | 'register'; guid: string | null },
    ): Promise<string> {
      const failure = (status: keyof typeof BIND_FAILURE_TEXT) =>
        formatTgBindResult(status, BIND_FAILURE_TEXT[status]);
      const pending = await deps.pending.take(pendingId);
      if (!pending) return failure(TG_BIND_STATUS.PENDING_EXPIRED);
      if (pending.guid !== null && pending.guid !== opts.guid) return failure(TG_BIND_STATUS.OTHER_DEVICE);
      try {
        await bind(userId, pending.user, null);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        if (err.code === RetCode.TelegramAlreadyBound) return failure(TG_BIND_STATUS.TELEGRAM_TAKEN);
        if (err.code === RetCode.TelegramAccountAlreadyLinked) return failure(TG_BIND_STATUS.ACCOUNT_TAKEN);
        throw err;
      }
      return formatTgBindResult(
        TG_BIND_STATUS.SUCCESS,
        opts.via === 'login' ? TG_BIND_SUCCESS_MESSAGE.LOGIN_BIND : TG_BIND_SUCCESS_MESSAGE.REGISTER_BIND,
      );
    },

    /** A Mini App task, once per bound account: the Telegram user must be bound. */
    async completeTask(data: VerifiedTelegramData, campaignId: string, taskId: string) {
      const binding = await repo.findByTelegramId(data.user.id);
      if (!binding) throw new ApiError(RetCode.TelegramNotBound);
      const { first, completedAt } = await repo.recordTask({
        userId: binding.userId,
        campaignId,
        taskId,
        telegramId: data.user.id,
        now: deps.now(),
      });
      return {
        campaignId,
        taskId,
        status: first ? ('completed' as const) : ('already_completed' as const),
        completed_at: completedAt,
      };
    },
  };
}

export type TelegramService = ReturnType<typeof createTelegramService>;
