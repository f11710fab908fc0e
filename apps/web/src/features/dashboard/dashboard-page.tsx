import { PageIntro } from '../../app/page-intro';
import { useT } from '../../i18n';

/** Where a successful login lands (/{lang}/dashboard) when the exchange's own app is not in front of Gatehouse. */
export function DashboardPage() {
  const t = useT('inverse');
  return <PageIntro title={t('pages.dashboard.title')} text={t('pages.dashboard.intro')} />;
}
