import {describe, expect, it} from 'vitest';
import {decodeCharacterReferences, isSitePath, safeUrl, schemeOf} from './safe-url';

describe('safeUrl', () => {
  it.each([
    'https://datahubproject.io/docs',
    'http://localhost:8080',
    'HTTPS://EXAMPLE.COM',
    'mailto:team@example.com',
    'tel:+15551234567',
    '/docs/features#lineage',
    'docs/features',
    './x',
    '../x',
    '#anchor',
    '?q=lineage',
    '',
  ])('keeps %j', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '  javascript:alert(1)',
    '\u0001javascript:alert(1)',
    'java\tscript:alert(1)',
    'jav\nascript:alert(1)',
    'java&#115;cript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'jav&#X61;script:alert(1)',
    'javascript&colon;alert(1)',
    '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://example.com/x',
    '\u200bjavascript:alert(1)',
  ])('drops %j', (url) => {
    expect(safeUrl(url)).toBeUndefined();
  });

  it('reads schemes the way a browser does, but stricter', () => {
    expect(schemeOf(' \tHTTP://x')).toBe('http');
    expect(schemeOf('/path:with-colon')).toBeNull();
    expect(schemeOf('?a=b:c')).toBeNull();
    expect(decodeCharacterReferences('a&#115;&#x73;&colon;&unknown;')).toBe('ass:&unknown;');
  });

  it('tells site paths from protocol-relative addresses', () => {
    expect(isSitePath('/docs/x#a')).toBe(true);
    expect(isSitePath('//evil.example')).toBe(false);
    expect(isSitePath('/\\evil.example')).toBe(false);
    expect(isSitePath('https://x')).toBe(false);
  });
});
