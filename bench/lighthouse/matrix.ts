// What `bench:lighthouse` audits: which sites (by local host name), in which language, which pages.

export interface BenchSite {
  /** The name on the command line and in the table. */
  name: string;
  /** `<label>.localhost`, or null for the global site's plain `localhost`. */
  label: string | null;
  /** The language the pages are audited in (the first path segment). */
  language: string;
  /**
   * The site's English variant: the consent page's account is signed up through the real form, whose
   * labels the sign-up helper knows in English. The session cookie is per host, not per language.
   */
  signUpLanguage: string;
  /** A country of residence the site accepts at sign-up. */
  residence: string;
}

/** The sites issue 12 names: global, EU, UAE in Arabic (right to left) and Japan. */
export const SITES: readonly BenchSite[] = [
  { name: 'global', label: null, language: 'en', signUpLanguage: 'en', residence: 'GB' },
  { name: 'eu', label: 'eu', language: 'en-EU', signUpLanguage: 'en-EU', residence: 'DE' },
  { name: 'ae', label: 'ae', language: 'ar-ARE', signUpLanguage: 'en-ARE', residence: 'AE' },
  { name: 'jp', label: 'jp', language: 'ja-JP', signUpLanguage: 'en-JP', residence: 'JP' },
];

export type PageName = 'login' | 'sign-up' | 'consent';
export const PAGES: readonly PageName[] = ['login', 'sign-up', 'consent'];

export type FormFactor = 'mobile' | 'desktop';
export const FORM_FACTORS: readonly FormFactor[] = ['mobile', 'desktop'];

/** The seeded demo OAuth client (docs/oauth.md, apps/server/src/dev/oauth-demo/oauth-demo-seed.ts). */
const DEMO_CLIENT_ID = 'gatehouse-demo';
/**
 * Any well-formed S256 challenge will do: the consent page only shows the request, and the bench never
 * accepts, so no code is ever exchanged (43 base64url characters, RFC 7636 §4.2).
 */
const CODE_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

export function siteOrigin(site: BenchSite, port: number): string {
  return `http://${site.label ? `${site.label}.localhost` : 'localhost'}:${port}`;
}

/** The path (and query) of `page` on `site`; consent carries a valid authorization request. */
export function pagePath(site: BenchSite, page: PageName, port: number, language = site.language): string {
  switch (page) {
    case 'login':
      return `/${language}/login`;
    case 'sign-up':
      return `/${language}/register`;
    case 'consent': {
      const query = new URLSearchParams({
        client_id: DEMO_CLIENT_ID,
        redirect_uri: `${siteOrigin(site, port)}/dev/oauth-demo/callback`,
        response_type: 'code',
        scope: 'profile email offline_access',
        state: 'bench-lighthouse',
        code_challenge: CODE_CHALLENGE,
        code_challenge_method: 'S256',
      });
      return `/${language}/oauth-authorized?${query.toString()}`;
    }
  }
}

export function pageUrl(site: BenchSite, page: PageName, port: number): string {
  return `${siteOrigin(site, port)}${pagePath(site, page, port)}`;
}

/**
 * Picks entries by name from a comma-separated option (`--sites=global,eu`), in the order of `all`;
 * throws on a name that is not there, so a typo never silently audits less.
 */
export function pick<T>(all: readonly T[], nameOf: (item: T) => string, option: string | undefined): T[] {
  if (!option) return [...all];
  const wanted = option.split(',').map((name) => name.trim());
  const unknown = wanted.filter((name) => !all.some((item) => nameOf(item) === name));
  if (unknown.length > 0) {
    throw new Error(`unknown ${unknown.join(', ')}: choose among ${all.map(nameOf).join(', ')}`);
  }
  return all.filter((item) => wanted.includes(nameOf(item)));
}
