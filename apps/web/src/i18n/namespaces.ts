/** Translation namespaces, one file each under `/locales/{lng}/{ns}.json` (the i18next layout). */
export const NAMESPACES = ['global', 'inverse', 'inverse-error-code'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Used when neither `ns:key` nor `options.ns` names one, as in i18next. */
export const DEFAULT_NS: Namespace = 'global';

/** The source locale: every key exists here, and a missing key elsewhere falls back to it. */
export const FALLBACK_LANGUAGE = 'en';
