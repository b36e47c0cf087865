import type { SiteLinks } from '@app/shared/runtime-config';

let links: SiteLinks = {};

/** Set once at start from the runtime config. */
export function setSiteLinks(value: SiteLinks) {
  links = value;
}

/** The operator's marketing, terms and privacy pages; absent ones are not linked. */
export function siteLinks(): SiteLinks {
  return links;
}
