export { createI18n, fetchLocaleFile } from './i18n';
export type { I18n, I18nOptions, Resource, ResourceFetcher, TFunction, TOptions } from './i18n';
export { I18nProvider, useI18n } from './i18n-context';
export { useT } from './use-t';
export { DEFAULT_NS, FALLBACK_LANGUAGE, NAMESPACES, START_NAMESPACES } from './namespaces';
export type { Namespace } from './namespaces';
