import { useState } from 'react';
import { useSearch } from 'wouter';
import { PageIntro } from '../../components/page-intro';
import { useT } from '../../i18n';
import { useApiData } from '../../lib/use-api-data';
import { startMiniApp } from './mini-app-sdk';
import { completeMiniAppTask, type TaskOutcome } from './telegram-api';
import { useTelegramTheme } from './use-telegram-theme';

/** Locale keys (`miniAppTask.*`) of each outcome. */
const OUTCOME_TEXT: Record<TaskOutcome, string> = {
  done: 'miniAppTask.done',
  already: 'miniAppTask.already',
  'not-linked': 'miniAppTask.notLinked',
  failed: 'miniAppTask.failed',
};

// One completion call per launch and task: React's strict mode runs effects twice in development,
// and a remount must not ask again (the server would only say "already done").
const calls = new Map<string, Promise<TaskOutcome>>();
function completeOnce(launchKey: string, campaignId: string, taskId: string): Promise<TaskOutcome> {
  const key = JSON.stringify([launchKey, campaignId, taskId]);
  let call = calls.get(key);
  if (!call) {
    call = completeMiniAppTask(campaignId, taskId);
    calls.set(key, call);
  }
  return call;
}

/**
 * `/{lang}/min-app/task`: where a login from the Mini App's task source lands without a redirect_url
 * (spec §2). It completes the task the launch names (docs/telegram.md "Mini App tasks"): the campaign
 * is the `campaign` query parameter, the task the Mini App's start parameter (`startapp=<task id>`).
 */
export function MinAppTaskPage() {
  const t = useT('inverse');
  const [launch] = useState(() => startMiniApp());
  const themeRef = useTelegramTheme(launch?.dark ?? false);
  const campaignId = new URLSearchParams(useSearch()).get('campaign') ?? '';
  const taskId = launch?.startParam ?? '';
  const named = Boolean(launch && campaignId && taskId);
  const task = useApiData(named ? `${campaignId}\n${taskId}` : null, () =>
    completeOnce(launch?.initDataRaw ?? '', campaignId, taskId),
  );

  return (
    <div ref={themeRef} className="gh-tg-page">
      <PageIntro title={t('pages.min-app-task.title')} text={t('pages.min-app-task.intro')}>
        {!launch ? (
          <p>{t('telegram.outside')}</p>
        ) : !named ? (
          <p role="status">{t('miniAppTask.missing')}</p>
        ) : (
          <p role="status">
            {t(
              task.data ? OUTCOME_TEXT[task.data] : task.error ? 'miniAppTask.failed' : 'miniAppTask.working',
            )}
          </p>
        )}
      </PageIntro>
    </div>
  );
}
