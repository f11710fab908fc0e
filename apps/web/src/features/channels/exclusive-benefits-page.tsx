import {
  affiliateExtraBonus,
  bonusTableFor,
  signupBonus,
  SIGNUP_BONUS_CONFIG_KEY,
  type SiteId,
} from '@gatehouse/contract';
import { Link, useSearch } from 'wouter';
import { PageIntro } from '../../components/page-intro';
import { useT } from '../../i18n';
import { useBootstrap } from '../../lib/bootstrap-context';
import { useLocalePath, usePageLocation } from '../../lib/page-location';
import { formatUsd } from './bonus-amount';
import { useBonusConfig } from './signup-bonus';
import './channels.css';

/** `/exclusive-benefits` (spec §2): this site's sign-up bonus table (§9) and how to claim it. */
export function ExclusiveBenefitsPage() {
  const t = useT('channels');
  const pages = useT('inverse');
  const { site } = useBootstrap();
  const { locale } = usePageLocation();
  const to = useLocalePath();
  const search = useSearch();
  const config = useBonusConfig();
  const id = site as SiteId;
  const table = bonusTableFor(id, config?.get(SIGNUP_BONUS_CONFIG_KEY));
  const extra = affiliateExtraBonus(id, table);
  const rows: [string, number][] = [
    ['normal', signupBonus(id, 'normal', { table })],
    ['referral', signupBonus(id, 'referral', { table })],
    ['affiliate', signupBonus(id, 'affiliate', { table })],
    ...(extra === null ? [] : ([['affiliateExtra', extra]] as [string, number][])),
    ['signup', signupBonus(id, 'signup', { table })],
  ];
  return (
    <PageIntro title={pages('pages.exclusive-benefits.title')} text={pages('pages.exclusive-benefits.intro')}>
      {config && (
        <table className="gh-benefits" data-testid="benefits-table">
          <caption>{t('benefits.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('benefits.channel')}</th>
              <th scope="col">{t('benefits.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([key, amount]) => (
              <tr key={key} data-row={key}>
                <th scope="row">{t(`benefits.${key}`)}</th>
                <td>{formatUsd(amount, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{t('benefits.howTitle')}</h2>
      <ol>
        <li>{t('benefits.how1')}</li>
        <li>{t('benefits.how2')}</li>
        <li>{t('benefits.how3')}</li>
      </ol>
      <Link className="gh-button" href={to(`/sign-up${search ? `?${search}` : ''}`)}>
        {t('benefits.signUp')}
      </Link>
    </PageIntro>
  );
}
