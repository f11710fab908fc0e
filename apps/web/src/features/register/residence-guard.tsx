import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { useI18n } from '../../i18n';
import { useBootstrap } from '../../lib/bootstrap-context';
import { whenPageIdle } from '../../lib/when-page-idle';

/**
 * Opens the residence modal of this site's sign-up page (spec §8) once the page is idle: the calls,
 * the dialog and its phrases load then, never with the page (npm run bench:web). Renders nothing.
 */
export function ResidenceGuard() {
  const { site, product, siteOrigins } = useBootstrap();
  const search = useSearch();
  const i18n = useI18n();
  useEffect(() => {
    let cancelled = false;
    const stop = whenPageIdle(() => {
      void import('./residence-flow').then((flow) =>
        flow.runResidencePrompt(
          {
            site,
            product,
            siteOrigins: siteOrigins ?? {},
            search,
            i18n,
            leave: (url) => window.location.assign(url),
          },
          () => cancelled,
        ),
      );
    });
    return () => {
      cancelled = true;
      stop();
    };
    // Once per page view and site: the query at arrival is what a redirect carries on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [site]);
  return null;
}
