import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { TelegramBindingsTable } from '../../db/schema.js';
import { isUniqueViolation } from '../accounts/accounts.repository.js';
import type { TelegramIdentity } from './telegram-verify.js';

export interface TelegramBinding {
  telegramId: string;
  userId: string;
  username: string | null;
  firstName: string;
  lastName: string | null;
  photoUrl: string | null;
  allowBotMessages: boolean;
  boundAt: number;
}

type Row = Selectable<TelegramBindingsTable>;

const toBinding = (row: Row): TelegramBinding => ({
  telegramId: row.telegram_id,
  userId: row.user_id,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  photoUrl: row.photo_url,
  allowBotMessages: Number(row.allow_bot_messages) === 1,
  boundAt: Number(row.bound_at),
});

/** Why an insert lost: the Telegram side or the account side was taken (maybe by a concurrent bind). */
export type InsertOutcome =
  { ok: true; binding: TelegramBinding } | { ok: false; taken: 'telegram' | 'account' };

export interface TelegramRepository {
  findByTelegramId(telegramId: string): Promise<TelegramBinding | undefined>;
  findByUserId(userId: string): Promise<TelegramBinding | undefined>;
  /** Insert a binding; the unique indexes decide races. */
  insert(
    userId: string,
    user: TelegramIdentity,
    allowBotMessages: boolean,
    now: number,
  ): Promise<InsertOutcome>;
  /** Refresh what Telegram says about the user (name, avatar) and, when known, the bot-message choice. */
  refresh(
    telegramId: string,
    user: TelegramIdentity,
    allowBotMessages: boolean | null,
    now: number,
  ): Promise<void>;
  /** Delete the account's binding; false when there was none. */
  deleteByUserId(userId: string): Promise<boolean>;
  /** When a session (by its stored id) started: the re-authentication window is measured from it. */
  sessionCreatedAt(sessionId: string): Promise<number | null>;
  /** Record a task once; false when it was already recorded. */
  recordTask(row: {
    userId: string;
    campaignId: string;
    taskId: string;
    telegramId: string;
    now: number;
  }): Promise<{
    first: boolean;
    completedAt: number;
  }>;
}

export function createTelegramRepository(db: Db): TelegramRepository {
  const findBy = async (column: 'telegram_id' | 'user_id', value: string) => {
    const row = await db
      .selectFrom('telegram_bindings')
      .selectAll()
      .where(column, '=', value)
      .executeTakeFirst();
    return row ? toBinding(row) : undefined;
  };
  const profile = (user: TelegramIdentity) => ({
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    photo_url: user.photoUrl,
  });

  return {
    findByTelegramId: (id) => findBy('telegram_id', id),
    findByUserId: (id) => findBy('user_id', id),

    async insert(userId, user, allowBotMessages, now) {
      const row: Row = {
        telegram_id: user.id,
        user_id: userId,
        ...profile(user),
        allow_bot_messages: allowBotMessages ? 1 : 0,
        bound_at: now,
        updated_at: now,
      };
      try {
        await db.insertInto('telegram_bindings').values(row).execute();
        return { ok: true, binding: toBinding(row) };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // Which index refused it: look rather than parse the driver's message.
        return { ok: false, taken: (await findBy('telegram_id', user.id)) ? 'telegram' : 'account' };
      }
    },

    async refresh(telegramId, user, allowBotMessages, now) {
      await db
        .updateTable('telegram_bindings')
        .set({
          ...profile(user),
          ...(allowBotMessages === null ? {} : { allow_bot_messages: allowBotMessages ? 1 : 0 }),
          updated_at: now,
        })
        .where('telegram_id', '=', telegramId)
        .execute();
    },

    async deleteByUserId(userId) {
      const rows = await db
        .deleteFrom('telegram_bindings')
        .where('user_id', '=', userId)
        .returning('telegram_id')
        .execute();
      return rows.length > 0;
    },

    async sessionCreatedAt(sessionId) {
      const row = await db
        .selectFrom('sessions')
        .select('created_at')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row ? Number(row.created_at) : null;
    },

    async recordTask({ userId, campaignId, taskId, telegramId, now }) {
      const inserted = await db
        .insertInto('telegram_task_completions')
        .values({
          user_id: userId,
          campaign_id: campaignId,
          task_id: taskId,
          telegram_id: telegramId,
          completed_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'campaign_id', 'task_id']).doNothing())
        .returning('completed_at')
        .execute();
      if (inserted.length > 0) return { first: true, completedAt: now };
      const row = await db
        .selectFrom('telegram_task_completions')
        .select('completed_at')
        .where('user_id', '=', userId)
        .where('campaign_id', '=', campaignId)
        .where('task_id', '=', taskId)
        .executeTakeFirstOrThrow();
      return { first: false, completedAt: Number(row.completed_at) };
    },
  };
}
