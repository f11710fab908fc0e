import { useT } from '../../i18n';
import { useBootstrap } from '../../lib/bootstrap-context';

/** The copyright line of the login and register pages. */
export function Footer() {
  const t = useT();
  const { product } = useBootstrap();
  return (
    <footer className="gh-footer">
      <small>{t('footer.copyright', { year: new Date().getFullYear(), product })}</small>
    </footer>
  );
}
