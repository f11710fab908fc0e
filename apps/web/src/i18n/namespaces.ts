/** Translation namespaces, one file each under `/locales/{lng}/{ns}.json` (the i18next layout). */
export const NAMESPACES = ['global', 'inverse', 'inverse-error-code', 'channels', 'compliance'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Used when neither `ns:key` nor `options.ns` names one, as in i18next. */
export const DEFAULT_NS: Namespace = 'global';

// The source locale and the start namespaces are the contract's: the server preloads the same files.
export { FALLBACK_LANGUAGE, START_NAMESPACES } from '@gatehouse/contract';
