import { useEffect, useState } from 'react';
import { PageIntro } from '../../components/page-intro';
import { useT } from '../../i18n';
import { startMiniApp } from './mini-app-sdk';
import { TelegramAccountCard } from './telegram-account-card';
import { isTelegramBound } from './telegram-api';
import { useTelegramTheme } from './use-telegram-theme';

/**
 * `/{lang}/tg-app/app/home/`: where a login inside Telegram lands (spec §2). The exchange's Mini App
 * home lives here; this page shows the Telegram account and whether it is linked to the logged-in
 * account (one-person-bind), so the flow ends somewhere real.
 */
export function TgAppHomePage() {
  const t = useT('inverse');
  const [launch] = useState(() => startMiniApp());
  const [linked, setLinked] = useState<boolean | null>(null);
  const themeRef = useTelegramTheme(launch?.dark ?? false);

  useEffect(() => {
    if (!launch) return;
    let live = true;
    void isTelegramBound().then((bound) => {
      if (live) setLinked(bound);
    });
    return () => {
      live = false;
    };
  }, [launch]);

  return (
    <div ref={themeRef} className="gh-tg-page">
      <PageIntro title={t('pages.tg-app-home.title')} text={t('pages.tg-app-home.intro')}>
        {launch?.user && <TelegramAccountCard user={launch.user} />}
        {launch ? (
          <p role="status">
            {linked === null
              ? t('telegram.home.checking')
              : t(linked ? 'telegram.home.linked' : 'telegram.home.notLinked')}
          </p>
        ) : (
          <p>{t('telegram.outside')}</p>
        )}
      </PageIntro>
    </div>
  );
}
