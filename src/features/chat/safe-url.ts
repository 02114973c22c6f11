/** Schemes a rendered link may use (spec section 1); addresses without a scheme are relative, anchors or queries. */
export const ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

const NAMED_ENTITIES: Record<string, string> = {colon: ':', tab: '\t', newline: '\n', sol: '/', num: '#', quest: '?', amp: '&', lpar: '(', rpar: ')', period: '.'};

/** Decodes HTML character references (`&#115;`, `&#x09;`, `&colon;`), the spellings used to hide a scheme. */
export function decodeCharacterReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/**
 * The scheme a browser would see, lower-cased, or null for a relative address.
 * Browsers drop leading control characters and spaces and every tab and
 * newline before reading the scheme; this drops all whitespace and control
 * characters, which is stricter.
 */
export function schemeOf(url: string): string | null {
  const compact = url.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/g, '');
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  return match ? match[1].toLowerCase() : null;
}

/**
 * react-markdown `urlTransform`: keeps http, https, mailto and tel links and
 * relative, anchor and query addresses; anything else (javascript:, data:,
 * vbscript:, file: ...) becomes undefined, so the element has no href or src.
 * The scheme is checked both as written and after decoding character references.
 */
export function safeUrl(url: string): string | undefined {
  for (const candidate of [url, decodeCharacterReferences(url)]) {
    const scheme = schemeOf(candidate);
    if (scheme !== null && !(ALLOWED_SCHEMES as readonly string[]).includes(scheme)) return undefined;
  }
  return url.trim();
}

/** A site-relative path (`/docs/x#a`), which the router can open; not a protocol-relative `//host` address. */
export const isSitePath = (url: string) => url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
