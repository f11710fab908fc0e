import type { SiteId } from '@gatehouse/contract';
import { useT } from '../../i18n';
import { useBootstrap } from '../../lib/bootstrap-context';
import { usePageLocation } from '../../lib/page-location';
import { useApiData } from '../../lib/use-api-data';
import { fetchWebConfig } from '../../lib/web-config/fetch-web-config';
import { formatUsd, visitorBonus, type VisitorChannel } from './bonus-amount';
import './channels.css';

/** The operator's bonus amounts: the page's own web config (no call), else the config call's answer. */
export function useBonusConfig(): ReadonlyMap<string, unknown> | undefined {
  return useApiData('web-config', fetchWebConfig).data;
}

/** The sign-up bonus for this site and the visitor's channel (spec §1, §9), in the page language. */
export function SignupBonus({ channel }: { channel: VisitorChannel }) {
  const t = useT('channels');
  const { site } = useBootstrap();
  const { locale } = usePageLocation();
  const config = useBonusConfig();
  if (!config) return null;
  const bonus = visitorBonus(site as SiteId, channel, config);
  const usd = (amount: number) => formatUsd(amount, locale);
  return (
    <p className="gh-bonus" data-testid="signup-bonus" data-channel={channel}>
      {t(`bonus.${channel}`, { amount: usd(bonus.amount) })}{' '}
      {bonus.extra !== null && <>{t('bonus.affiliateExtra', { amount: usd(bonus.extra) })} </>}
      {t('bonus.signup', { amount: usd(bonus.signup) })}
    </p>
  );
}
