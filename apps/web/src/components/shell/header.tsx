import type { PageKind } from '@gatehouse/contract';
import { useT } from '../../i18n';
import { useBootstrap } from '../../lib/bootstrap-context';
import { LanguageSwitcher } from './language-switcher';

/** The common header: brand (to the exchange's home on this domain) and the language switcher. */
export function Header({ page }: { page: PageKind }) {
  const t = useT();
  const { product } = useBootstrap();
  return (
    <header className="gh-header">
      <a href="/" className="gh-brand" aria-label={t('header.home', { product })}>
        {product}
      </a>
      <LanguageSwitcher page={page} />
    </header>
  );
}
