/**
 * Turns a hit URL into a site-relative path (spec 7.2), unless it matches the
 * configured external-URL pattern, in which case it is left as is.
 */
export function toSiteRelative(url: string, siteUrl: string, externalUrlRegex?: string): string {
  if (externalUrlRegex && new RegExp(externalUrlRegex).test(url)) return url;
  try {
    const parsed = new URL(url, siteUrl);
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}
