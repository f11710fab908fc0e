import { RetCode, SELF_UNBAN_WINDOW_MS, type BanInfo } from '@gatehouse/contract';
import { toast, TOAST_ERROR_MS } from '../../components/feedback/toast';
import { openModal } from '../../components/feedback/modal';
import type { TFunction } from '../../i18n';
import { errorText } from '../../lib/error-text';

// Loaded with the form's actions (login-actions.ts), only when a login answers 31003 (ADR 0009).

/**
 * Spec §4 ban flow, decided from ban/einfo after a 31003 login answer (docs/flows/ban.md):
 * - within 24 h after `baned_time`: the banned modal, with the ban end in UTC;
 * - after that: the self-unblock page, or on sites that leave bans to support
 *   (`SiteDefinition.selfUnblock` false) the 31003 error;
 * - no ban behind the cookie (or ban/einfo failed): the 31003 error toast.
 */
export type BanOutcome =
  | { kind: 'modal'; until: number | null; selfHelpFrom: number | null }
  | { kind: 'self-unblock' }
  | { kind: 'toast' };

export function banOutcome(ban: BanInfo | undefined, siteSelfUnblock: boolean, now = Date.now()): BanOutcome {
  if (!ban || ban.baned_time === null) return { kind: 'toast' };
  const opensAt = ban.baned_time + SELF_UNBAN_WINDOW_MS;
  if (now <= opensAt) {
    const selfHelp = ban.is_self_help_baned && siteSelfUnblock;
    return { kind: 'modal', until: ban.baned_until, selfHelpFrom: selfHelp ? opensAt : null };
  }
  return siteSelfUnblock ? { kind: 'self-unblock' } : { kind: 'toast' };
}

/** Spec §9: the ban end in UTC, `YYYY-MM-DD HH:mm:ss`. */
export function formatUtc(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');
}

/** Shows the outcome: the modal, the toast, or navigates (`go` gets the path below the locale). */
export async function showBan(
  outcome: BanOutcome,
  { t, go, retMsg }: { t: TFunction; go: (path: string) => void; retMsg: string },
): Promise<void> {
  if (outcome.kind === 'self-unblock') {
    go('/self-unblock?fromScene=login');
    return;
  }
  if (outcome.kind === 'toast') {
    toast(await errorText(RetCode.AccountBanned, retMsg), { durationMs: TOAST_ERROR_MS, kind: 'error' });
    return;
  }
  const lines = [
    outcome.until === null
      ? t('selfUnblock.indefinite')
      : t('selfUnblock.until', { time: formatUtc(outcome.until) }),
    outcome.selfHelpFrom === null
      ? t('selfUnblock.notHere')
      : t('selfUnblock.selfHelpFrom', { time: formatUtc(outcome.selfHelpFrom) }),
  ];
  void openModal({
    title: t('login.banned.title'),
    description: lines.join(' '),
    confirmLabel: t('auth.ok'),
  });
}
