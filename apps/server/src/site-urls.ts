import { SITE_LIST } from '@gatehouse/contract';
import type { AppConfig } from './config/index.js';

/** The address of every regional site on this machine, for the start-up banner. */
export function localSiteUrls(port: number): { site: string; url: string }[] {
  return SITE_LIST.map((s) => ({
    site: s.id,
    url: `http://${s.localLabel ? `${s.localLabel}.` : ''}localhost:${port}/`,
  }));
}

export function startBanner(config: AppConfig, port: number): string {
  const lines = localSiteUrls(port).map(({ site, url }) => `  ${site.padEnd(7)} ${url}`);
  const configured = Object.entries(config.siteDomains).map(
    ([site, d]) => `  ${site.padEnd(7)} ${d.join(', ')}`,
  );
  return [
    `${config.brandName} is serving every regional site:`,
    ...lines,
    `  testnet and test environments: http://testnet.localhost:${port}/, http://test.eu.localhost:${port}/`,
    ...(configured.length ? ['Configured production domains:', ...configured] : []),
    `API: http://localhost:${port}${config.apiBase}/health`,
  ].join('\n');
}
