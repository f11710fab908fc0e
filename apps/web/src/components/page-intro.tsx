import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { useBootstrap } from '../lib/bootstrap-context';

interface PageIntroProps {
  title: string;
  text: string;
  children?: ReactNode;
}

/** The document title, heading and lead sentence every page starts with. */
export function PageIntro({ title, text, children }: PageIntroProps) {
  const t = useT();
  const { product } = useBootstrap();
  return (
    <section className="gh-page" aria-labelledby="gh-page-title">
      {/* React 19 hoists <title> into <head>, so each page owns its document title. */}
      <title>{t('documentTitle', { page: title, product })}</title>
      <h1 id="gh-page-title">{title}</h1>
      <p>{text}</p>
      {children}
    </section>
  );
}
