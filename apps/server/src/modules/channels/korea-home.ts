import type { z } from 'zod';
import type { koreaHomeActivitySchema } from '@gatehouse/contract';

/** The web config entry an operator lists the Korean growth home's activities in (docs/configuration.md). */
export const KOREA_HOME_CONFIG_KEY = 'korea_home';

type Activity = z.infer<typeof koreaHomeActivitySchema>;

const optionalText = (v: unknown) => v === undefined || typeof v === 'string';

/** The activities of the stored value (`{"activities": [...]}` or a list); malformed items are dropped. */
export function koreaActivities(value: unknown): Activity[] {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null
      ? (value as { activities?: unknown }).activities
      : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter((item: unknown): item is Activity => {
    if (typeof item !== 'object' || item === null) return false;
    const a = item as Record<string, unknown>;
    return (
      typeof a.id === 'string' && typeof a.title === 'string' && optionalText(a.link) && optionalText(a.image)
    );
  });
}
