import { useT } from '../../i18n';
import { useApiData } from '../../lib/use-api-data';
import { fetchAffiliateCard } from './channels-api';

/**
 * The affiliate's card above the sign-up form (`?affiliate_id=`): avatar, nickname, signature, content
 * and the kept groups (types 0 and 1). Nothing when the id is not digits (no call is made), the
 * affiliate chose anonymity, or it is unknown or disabled.
 */
export function AffiliateCard({ affiliateId, groupId }: { affiliateId: string; groupId: string | null }) {
  const t = useT('channels');
  const { data: card } = useApiData(`affiliate:${affiliateId}:${groupId ?? ''}`, () =>
    fetchAffiliateCard(affiliateId, groupId),
  );
  if (!card) return null;
  const avatar = /^https?:\/\//i.test(card.headimg) ? card.headimg : '';
  return (
    <aside className="gh-affiliate-card" aria-label={t('affiliate.label')} data-testid="affiliate-card">
      {avatar && <img src={avatar} alt={t('affiliate.avatarAlt', { name: card.nickname })} />}
      <div>
        <p>
          {t('affiliate.label')}: <strong>{card.nickname}</strong>
        </p>
        {card.personality.personalSignature && <p>{card.personality.personalSignature}</p>}
        {card.personality.content && <p>{card.personality.content}</p>}
        {card.groupInfo.length > 0 && (
          <ul aria-label={t('affiliate.groups')}>
            {card.groupInfo.map((group, index) => (
              <li key={index}>{group.content}</li>
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}
