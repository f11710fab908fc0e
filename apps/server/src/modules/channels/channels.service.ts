import {
  AFFILIATE_ID_PATTERN,
  BROKER_ID_PATTERN,
  CODE_SCENE,
  KEPT_GROUP_TYPES,
  RetCode,
  maskLoginName,
  type AffiliateAnonymity,
  type AffiliateGroup,
  type AffiliateOpenInfo,
  type CodeInfoResult,
  type CodeScene,
  type InviteSummary,
} from '@gatehouse/contract';
import type { z } from 'zod';
import type { commonShareInfoResultSchema } from '@gatehouse/contract';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../lib/api-error.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { SessionService } from '../session/session.service.js';
import type { ChannelsRepository, PartnerRow } from './channels.repository.js';

type CommonShareInfo = z.input<typeof commonShareInfoResultSchema>;
import { newReferralCode, normaliseReferralCode } from './referral-code.js';

/** What a new account's sign-up carried (the register payload's channel fields, spec §3). */
export interface SignupChannelFields {
  ref?: string | undefined;
  user_code?: string | undefined;
  affiliate_id?: string | undefined;
  group_id?: string | undefined;
  group_type?: string | undefined;
  brokerId?: string | undefined;
}

export interface Attribution {
  scene: CodeScene;
  code: string | null;
  known: boolean;
  inviterUserId: string | null;
}

export interface ChannelsService {
  /** The account's code, made (and kept) on first need. Pass `trx` inside the account's creation. */
  referralCode(userId: string, trx?: Db): Promise<string>;
  /**
   * Decide and record who brought a new account, in the transaction that creates it: once. A code that
   * matches nothing is recorded as such and never refuses the sign-up. Also gives the account its code.
   */
  attributeSignup(trx: Db, userId: string, fields: SignupChannelFields, now: number): Promise<Attribution>;
  codeInfo(code: string | undefined): Promise<CodeInfoResult>;
  openInfo(affid: string, groupId: string | undefined): Promise<AffiliateOpenInfo>;
  anonymity(affid: string): Promise<AffiliateAnonymity>;
  inviteSummary(userId: string): Promise<InviteSummary>;
  /** `conversion/check`: converted only for the account's own live session within the window. */
  conversionCheck(userId: string, token: string): Promise<{ converted: boolean; scene?: number }>;
  /** `cabital/post-register`: the partner's outcome for this account and channel (latest wins). */
  recordPartnerRegistration(userId: string, channel: string, uuid: string, status: string): Promise<void>;
  /** `common-share-info`: what a shared invite (its code) shows and where it leads. */
  shareInfo(token: string): Promise<CommonShareInfo>;
}

/** A sign-up counts as a conversion of its source for this long after the account was made. */
export const CONVERSION_WINDOW_MS = 7 * 24 * 60 * 60_000;

/** Groups as stored (JSON list); malformed entries are dropped rather than failing the call. */
export function storedGroups(json: string): (AffiliateGroup & { id?: string })[] {
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((g: unknown) => {
    if (typeof g !== 'object' || g === null) return [];
    const { content, type, id } = g as Record<string, unknown>;
    if (typeof content !== 'string' || typeof type !== 'number' || !Number.isInteger(type)) return [];
    return [{ content, type, ...(typeof id === 'string' ? { id } : {}) }];
  });
}

const MAX_CODE_TRIES = 8;

export function createChannelsService(deps: {
  repo: ChannelsRepository;
  accounts: Pick<AccountsRepository, 'findById'>;
  sessions?: Pick<SessionService, 'verify'>;
  now?: () => number;
}): ChannelsService {
  const { repo, accounts } = deps;
  const clock = deps.now ?? Date.now;

  /** An affiliate that may be shown: unknown 610016, disabled 610017 (silent on the client, §8). */
  async function liveAffiliate(affid: string): Promise<PartnerRow> {
    const partner = await repo.partner('affiliate', affid);
    if (!partner) throw new ApiError(RetCode.AffiliateNotFound);
    if (partner.disabled) throw new ApiError(RetCode.AffiliateDisabled);
    return partner;
  }

  async function referralCode(userId: string, trx?: Db): Promise<string> {
    const existing = await repo.codeOf(userId, trx);
    if (existing) return existing;
    for (let i = 0; i < MAX_CODE_TRIES; i += 1) {
      if (await repo.insertCode(userId, newReferralCode(), clock(), trx)) break;
      // Either the code was taken (draw again) or a parallel request gave the account its code.
      const raced = await repo.codeOf(userId, trx);
      if (raced) return raced;
    }
    const code = await repo.codeOf(userId, trx);
    if (!code) throw new Error(`no referral code could be made for ${userId}`);
    return code;
  }

  async function decide(trx: Db, fields: SignupChannelFields): Promise<Attribution> {
    const ref = (fields.ref ?? fields.user_code)?.trim();
    if (ref) {
      const code = normaliseReferralCode(ref);
      const inviter = code ? await repo.ownerOf(code, trx) : undefined;
      return {
        scene: CODE_SCENE.referral,
        code: code ?? ref,
        known: inviter !== undefined,
        inviterUserId: inviter ?? null,
      };
    }
    const affid = fields.affiliate_id?.trim();
    if (affid) {
      const partner = AFFILIATE_ID_PATTERN.test(affid)
        ? await repo.partner('affiliate', affid, trx)
        : undefined;
      return {
        scene: CODE_SCENE.affiliate,
        code: affid,
        known: partner !== undefined && !partner.disabled,
        inviterUserId: null,
      };
    }
    const broker = fields.brokerId?.trim();
    if (broker) {
      const partner = BROKER_ID_PATTERN.test(broker) ? await repo.partner('broker', broker, trx) : undefined;
      return {
        scene: CODE_SCENE.broker,
        code: broker,
        known: partner !== undefined && !partner.disabled,
        inviterUserId: null,
      };
    }
    return { scene: CODE_SCENE.normal, code: null, known: false, inviterUserId: null };
  }

  async function codeInfo(input: string | undefined): Promise<CodeInfoResult> {
    const text = input?.trim() ?? '';
    if (text === '') return { scene: CODE_SCENE.normal, tpl: 'normal', info: { success: true } };
    const referral = normaliseReferralCode(text);
    if (referral) {
      const owner = await repo.ownerOf(referral);
      const account = owner ? await accounts.findById(owner) : undefined;
      const name = account?.email ?? account?.mobile;
      if (account && name && account.status !== 'terminated') {
        return {
          scene: CODE_SCENE.referral,
          tpl: 'referral',
          info: { success: true, inviter: maskLoginName(name) },
        };
      }
    }
    if (AFFILIATE_ID_PATTERN.test(text)) {
      const partner = await repo.partner('affiliate', text);
      if (partner) {
        if (partner.disabled) throw new ApiError(RetCode.AffiliateDisabled);
        return {
          scene: CODE_SCENE.affiliate,
          tpl: 'affiliate',
          info: { success: true, ...(partner.anonymous ? {} : { nickname: partner.nickname }) },
        };
      }
    }
    if (BROKER_ID_PATTERN.test(text)) {
      const partner = await repo.partner('broker', text);
      if (partner && !partner.disabled) {
        return {
          scene: CODE_SCENE.broker,
          tpl: 'broker',
          info: { success: true, nickname: partner.nickname },
        };
      }
    }
    throw new ApiError(RetCode.RefCodeNotFound);
  }

  return {
    referralCode,
    codeInfo,

    async attributeSignup(trx, userId, fields, now) {
      const attribution = await decide(trx, fields);
      await repo.insertAttribution(
        {
          user_id: userId,
          scene: attribution.scene,
          code: attribution.code,
          code_known: attribution.known ? 1 : 0,
          inviter_user_id: attribution.inviterUserId,
          affiliate_id: attribution.scene === CODE_SCENE.affiliate ? attribution.code : null,
          group_id: attribution.scene === CODE_SCENE.affiliate ? (fields.group_id ?? null) : null,
          group_type: attribution.scene === CODE_SCENE.affiliate ? (fields.group_type ?? null) : null,
          broker_id: attribution.scene === CODE_SCENE.broker ? attribution.code : null,
          created_at: now,
        },
        trx,
      );
      await referralCode(userId, trx);
      return attribution;
    },

    async openInfo(affid, groupId) {
      const partner = await liveAffiliate(affid);
      // Anonymity: the profile is not shown (10002, silent on the client).
      if (partner.anonymous) throw new ApiError(RetCode.NotFound);
      const kept = storedGroups(partner.group_info).filter((g) => KEPT_GROUP_TYPES.includes(g.type));
      const named = groupId ? kept.filter((g) => g.id === groupId) : [];
      return {
        nickname: partner.nickname,
        headimg: partner.headimg,
        personality: { personalSignature: partner.signature, content: partner.content },
        groupInfo: (named.length > 0 ? named : kept).map(({ content, type }) => ({ content, type })),
      };
    },

    async anonymity(affid) {
      const partner = await liveAffiliate(affid);
      return { isShow: partner.anonymous === 0, code: partner.id };
    },

    async inviteSummary(userId) {
      const [code, invitees] = await Promise.all([referralCode(userId), repo.inviteeCount(userId)]);
      return { code, invitees };
    },

    async conversionCheck(userId, token) {
      const session = deps.sessions ? await deps.sessions.verify(token) : null;
      if (!session || session.userId !== userId) return { converted: false };
      const account = await accounts.findById(userId);
      if (!account || clock() - account.createdAt > CONVERSION_WINDOW_MS) return { converted: false };
      const attribution = await repo.attributionOf(userId);
      return { converted: true, scene: attribution ? Number(attribution.scene) : CODE_SCENE.normal };
    },

    async recordPartnerRegistration(userId, channel, uuid, status) {
      await repo.recordPartnerRegistration({ user_id: userId, channel, uuid, status }, clock());
    },

    async shareInfo(token) {
      const info = await codeInfo(token);
      const text = token.trim();
      const inviter = info.info.inviter ?? info.info.nickname;
      const withInviter = inviter ? { inviter } : {};
      if (info.scene === CODE_SCENE.referral) {
        const code = normaliseReferralCode(text) ?? text;
        return { code, scene: info.scene, ...withInviter, path: `/invite?ref=${code}` };
      }
      const query = info.scene === CODE_SCENE.affiliate ? 'affiliate_id' : 'brokerId';
      return {
        code: text,
        scene: info.scene,
        ...withInviter,
        path: `/sign-up?${query}=${encodeURIComponent(text)}`,
      };
    },
  };
}
