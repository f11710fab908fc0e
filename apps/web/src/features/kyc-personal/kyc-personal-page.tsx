import { Link } from 'wouter';
import { PageIntro } from '../../components/page-intro';
import { useLocalePath } from '../../lib/page-location';
import { useT } from '../../i18n';

/**
 * The contract's EU_NEW_USER_PATH, where spec §2 sends a new user of the EU site. On the exchange this is
 * its own KYC page; Gatehouse has no identity verification, so this page says what comes next.
 */
export function KycPersonalPage() {
  const t = useT('inverse');
  const to = useLocalePath();
  return (
    <PageIntro title={t('pages.kyc-personal.title')} text={t('pages.kyc-personal.intro')}>
      <p>{t('kyc.text')}</p>
      <p>
        <Link href={to('/dashboard?newUser=true')}>{t('kyc.later')}</Link>
      </p>
    </PageIntro>
  );
}
