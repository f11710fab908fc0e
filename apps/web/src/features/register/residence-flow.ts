import type { SiteId } from '@gatehouse/contract';
import { openModal, toast, TOAST_ERROR_MS } from '../../components/feedback';
import type { I18n } from '../../i18n';
import { fetchRestrictOperate, fetchVisitorGroup } from '../../lib/compliance/regulation-info';
import {
  registerUrlOn,
  RESIDENCE_PROMPTS,
  residenceConfirmed,
  residencePromptFor,
  storeResidenceConfirmation,
} from './residence-prompt';

export interface ResidenceFlowContext {
  site: SiteId;
  product: string;
  siteOrigins: Partial<Record<SiteId, string>>;
  search: string;
  i18n: I18n;
  /** Leaves for another site (a full navigation). */
  leave: (url: string) => void;
}

/**
 * The sign-up page's residence modal (spec §8), loaded after the page is up: asks the server what it
 * needs (regulation info on the main site, the country check on the EU site), opens the modal unless a
 * stored confirmation still holds, and does what the visitor chose. The server refuses a residence
 * the page would not let through whatever happens here (docs/flows/compliance.md).
 */
export async function runResidencePrompt(
  ctx: ResidenceFlowContext,
  isCancelled: () => boolean,
): Promise<void> {
  const facts = {
    restrictOperate: ctx.site === 'global' ? await fetchRestrictOperate() : false,
    visitorGroup: ctx.site === 'EU' ? await fetchVisitorGroup() : null,
  };
  const kind = residencePromptFor(ctx.site, facts);
  if (!kind || isCancelled() || residenceConfirmed(ctx.product, kind, Date.now())) return;
  const prompt = RESIDENCE_PROMPTS[kind];
  await ctx.i18n.loadNamespaces(['compliance']);
  if (isCancelled()) return;
  const t = (key: string) => ctx.i18n.t(`residence.${prompt.text}.${key}`, { ns: 'compliance' });
  // Spec §8: each modal comes with the toast "code: message".
  toast(`${prompt.code}: ${t('title')}`, { durationMs: TOAST_ERROR_MS, kind: 'error' });
  const choice = await openModal({
    title: t('title'),
    description: t('text'),
    confirmLabel: t('confirm'),
    cancelLabel: t('cancel'),
    dismissible: false,
  });
  const action = choice === 'confirm' ? prompt.onConfirm : choice === 'cancel' ? prompt.onCancel : null;
  if (action === null) return;
  if (action === 'store') {
    storeResidenceConfirmation(ctx.product, kind, Date.now());
    return;
  }
  const origin = ctx.siteOrigins[action];
  if (origin) ctx.leave(registerUrlOn(origin, ctx.search));
}
