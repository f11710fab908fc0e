import { AFFILIATE_ID_PATTERN, BROKER_ID_PATTERN } from '@gatehouse/contract';
import type { Db } from '../../db/connect.js';
import { createChannelsRepository, type PartnerKind, type PartnerRow } from './channels.repository.js';
import { storedGroups } from './channels.service.js';

/** A mistake of the operator's (bad id, unknown partner): printed without a stack. */
export class PartnerAdminError extends Error {
  override name = 'PartnerAdminError';
}

export interface PartnerInput {
  nickname: string;
  headimg?: string | undefined;
  signature?: string | undefined;
  content?: string | undefined;
  /** JSON list of {content, type, id?} as the operator typed it. */
  groups?: string | undefined;
  anonymous?: boolean | undefined;
}

const MAX_TEXT = 512;

function checkId(kind: PartnerKind, id: string): string {
  const pattern = kind === 'affiliate' ? AFFILIATE_ID_PATTERN : BROKER_ID_PATTERN;
  if (!pattern.test(id)) {
    throw new PartnerAdminError(
      kind === 'affiliate'
        ? `affiliate id ${JSON.stringify(id)}: digits only (spec §5), at most 20`
        : `broker id ${JSON.stringify(id)}: letters, digits, _ and -, at most 32`,
    );
  }
  return id;
}

function text(name: string, value: string | undefined): string {
  const v = (value ?? '').trim();
  if (v.length > MAX_TEXT) throw new PartnerAdminError(`--${name} is longer than ${MAX_TEXT} characters`);
  return v;
}

function groupsJson(input: string | undefined): string {
  if (input === undefined || input.trim() === '') return '[]';
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    throw new PartnerAdminError('--groups must be JSON: [{"content":"…","type":0}]');
  }
  const groups = Array.isArray(parsed) ? storedGroups(JSON.stringify(parsed)) : [];
  if (!Array.isArray(parsed) || groups.length !== parsed.length)
    throw new PartnerAdminError('--groups: each group needs a text "content" and an integer "type"');
  return JSON.stringify(groups);
}

/**
 * The operator's side of affiliates and brokers, on a database handle (`npm run channels`, and tests'
 * set-up). The server reads the records on the next request; no restart is needed.
 */
export function createPartnerAdmin(db: Db, now: () => number = Date.now) {
  const repo = createChannelsRepository(db);
  return {
    async add(kind: PartnerKind, id: string, input: PartnerInput): Promise<PartnerRow> {
      checkId(kind, id);
      const nickname = text('nickname', input.nickname);
      if (!nickname) throw new PartnerAdminError('--nickname is required');
      const existing = await repo.partner(kind, id);
      await repo.upsertPartner(
        {
          kind,
          id,
          nickname,
          headimg: text('headimg', input.headimg),
          signature: text('signature', input.signature),
          content: text('content', input.content),
          group_info: groupsJson(input.groups),
          anonymous: input.anonymous ? 1 : 0,
          disabled: existing?.disabled ?? 0,
        },
        now(),
      );
      const row = await repo.partner(kind, id);
      if (!row) throw new Error('partner vanished after being written');
      return row;
    },
    list: (kind?: PartnerKind) => repo.partners(kind),
    async setFlags(kind: PartnerKind, id: string, flags: { disabled?: boolean; anonymous?: boolean }) {
      if (!(await repo.setPartnerFlags(kind, checkId(kind, id), flags, now())))
        throw new PartnerAdminError(`no ${kind} ${id}`);
    },
  };
}

export type PartnerAdmin = ReturnType<typeof createPartnerAdmin>;
