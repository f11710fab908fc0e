import { useT } from '../../i18n';
import '../../components/auth/auth.css';
import { TelegramAvatar, type TelegramUserInfo } from './telegram-account-card';
import './telegram.css';

interface AuthorisationScreenProps {
  /** `login`: authorise the Telegram login (authorisation-login); `link`: link this account (link-authorisation). */
  kind: 'login' | 'link';
  user: TelegramUserInfo | null;
  /** Shown as the requester (spec §9: the Telegram brand name is shown as the bot name). */
  botName: string;
  product: string;
  allowBotMessages: boolean;
  onAllowBotMessages: (value: boolean) => void;
  onAccept: () => void;
  onDecline: () => void;
  busy?: boolean;
  error?: string | undefined;
}

/**
 * The authorisation screens (spec §2): the Telegram avatar, the request-access text, "allow bot
 * messages" (ticked by default), Accept (disabled while unticked, §5) and Decline.
 */
export function AuthorisationScreen({
  kind,
  user,
  botName,
  product,
  allowBotMessages,
  onAllowBotMessages,
  onAccept,
  onDecline,
  busy = false,
  error,
}: AuthorisationScreenProps) {
  const t = useT('inverse');
  return (
    <div className="gh-form">
      {user && <TelegramAvatar user={user} />}
      <p>{t(`telegram.authorise.${kind}Text`, { bot: botName, product })}</p>
      <div className="gh-check">
        <input
          id="tg-allow-bot-messages"
          type="checkbox"
          checked={allowBotMessages}
          onChange={(event) => onAllowBotMessages(event.target.checked)}
          aria-describedby="tg-allow-bot-messages-hint"
        />
        <label htmlFor="tg-allow-bot-messages">
          {t('telegram.authorise.allowMessages', { bot: botName })}
        </label>
      </div>
      <p id="tg-allow-bot-messages-hint" className="gh-hint">
        {t('telegram.authorise.allowMessagesHint')}
      </p>
      {error && (
        <p role="alert" className="gh-alert">
          {error}
        </p>
      )}
      <div className="gh-tg-actions">
        <button type="button" className="gh-button" disabled={!allowBotMessages || busy} onClick={onAccept}>
          {t('telegram.authorise.accept')}
        </button>
        <button type="button" className="gh-button gh-button-secondary" disabled={busy} onClick={onDecline}>
          {t('telegram.authorise.decline')}
        </button>
      </div>
    </div>
  );
}
