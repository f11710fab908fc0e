import { PageIntro } from '../../components/page-intro';
import { useT } from '../../i18n';

/** Placeholder until the exclusive-benefits flow is built: title and purpose only. */
export function ExclusiveBenefitsPage() {
  const t = useT('inverse');
  return <PageIntro title={t('pages.exclusive-benefits.title')} text={t('pages.exclusive-benefits.intro')} />;
}
