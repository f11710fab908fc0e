import { useState } from 'react';
import { PageIntro } from '../../app/page-intro';
import { useT } from '../../i18n';
import { startMiniApp } from '../telegram/mini-app-sdk';
import { useTelegramTheme } from '../telegram/use-telegram-theme';

/**
 * `/{lang}/min-app/task`: where a login from the Mini App's task source lands without a redirect_url
 * (spec §2). The exchange's task list lives here; this page keeps the Mini App session and says so.
 */
export function MinAppTaskPage() {
  const t = useT('inverse');
  const [launch] = useState(() => startMiniApp());
  const themeRef = useTelegramTheme(launch?.dark ?? false);
  return (
    <div ref={themeRef} className="gh-tg-page">
      <PageIntro title={t('pages.min-app-task.title')} text={t('pages.min-app-task.intro')}>
        {!launch && <p>{t('telegram.outside')}</p>}
      </PageIntro>
    </div>
  );
}
