import { Link } from 'wouter';
import { PageIntro } from '../../components/page-intro';
import { useLocalePath } from '../../lib/page-location';
import { useT } from '../../i18n';

/** Shown for any path the route table does not know, and when the server flags the page as not found. */
export function NotFoundPage() {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <PageIntro title={t('notFound.title')} text={t('notFound.text')}>
      <p>
        <Link href={localePath('/login')} className="gh-button">
          {t('notFound.toLogin')}
        </Link>
      </p>
    </PageIntro>
  );
}
