import { useState } from 'react';
import { useT } from '../../i18n';
import './telegram.css';

/** Spec §3 "Telegram user info": what both the account page and the Mini App show of the Telegram account. */
export interface TelegramUserInfo {
  username: string | null;
  first_name: string;
  last_name: string | null;
  photo_url: string | null;
}

export function telegramDisplayName(user: TelegramUserInfo): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}

/** The Telegram avatar: the photo with its alt text, or (no photo, or it failed to load) the initial. */
export function TelegramAvatar({ user }: { user: TelegramUserInfo }) {
  const t = useT('inverse');
  const [broken, setBroken] = useState(false);
  const name = telegramDisplayName(user);
  if (user.photo_url && !broken) {
    return (
      <img
        className="gh-tg-avatar"
        src={user.photo_url}
        alt={t('telegram.avatarAlt', { name })}
        width={48}
        height={48}
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span className="gh-tg-avatar gh-tg-avatar-initial" aria-hidden="true">
      {(user.first_name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

/** Avatar, name and @username of a Telegram account. */
export function TelegramAccountCard({ user }: { user: TelegramUserInfo }) {
  return (
    <div className="gh-tg-card">
      <TelegramAvatar user={user} />
      <div>
        <p>
          <strong>{telegramDisplayName(user)}</strong>
        </p>
        {user.username && <p className="gh-tg-muted">@{user.username}</p>}
      </div>
    </div>
  );
}
