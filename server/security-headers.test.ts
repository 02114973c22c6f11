import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {connectOrigins, HEADERS_FILE, readApiSettings, writeBuildPolicy} from '../plugins/api-settings';
import {readSearchConfig} from '../plugins/search-index/config';
import {buildApp} from './app';
import {contentSecurityPolicy, inlineScriptHashes, metaContentSecurityPolicy, staticHostHeadersFile, withMetaContentSecurityPolicy} from '../lib/security/headers';

const metaPolicyOf = (html: string) => {
  const all = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g)];
  expect(all).toHaveLength(1);
  return all[0][1].replace(/&quot;/g, '"').replace(/&amp;/g, '&');
};

describe('the policy in a <meta http-equiv>', () => {
  it('keeps every directive a meta element supports and drops those it does not', () => {
    const policy = contentSecurityPolicy(["'sha256-abc='"], ['https://api.docs.example']);
    const meta = metaContentSecurityPolicy(`${policy}; report-uri /csp; sandbox allow-scripts`);
    expect(meta).toBe(policy.replace("; frame-ancestors 'none'", ''));
    expect(meta).not.toMatch(/frame-ancestors|report-uri|sandbox/);
  });

  it('goes first in the head after the charset, replaces an older one, and leaves a page without a head alone', () => {
    const page = '<!doctype html><html lang=en><head><meta charset=UTF-8><title>t</title><script>go()</script></head><body></body></html>';
    const once = withMetaContentSecurityPolicy(page, "default-src 'self'; frame-ancestors 'none'");
    expect(once).toBe(page.replace('<meta charset=UTF-8>', `<meta charset=UTF-8><meta http-equiv="Content-Security-Policy" content="default-src 'self'">`));
    const again = withMetaContentSecurityPolicy(once, "default-src 'none'");
    expect(metaPolicyOf(again)).toBe("default-src 'none'");
    expect(withMetaContentSecurityPolicy('<head class=x><title>t</title></head>', "default-src 'self'")).toBe(
      `<head class=x><meta http-equiv="Content-Security-Policy" content="default-src 'self'"><title>t</title></head>`,
    );
    expect(withMetaContentSecurityPolicy('no head', "default-src 'self'")).toBe('no head');
  });

  it('writes the headers file of Netlify and Cloudflare Pages with the whole policy', () => {
    const file = staticHostHeadersFile("default-src 'self'; frame-ancestors 'none'");
    expect(file.split('\n')).toEqual(expect.arrayContaining(['/*', "  Content-Security-Policy: default-src 'self'; frame-ancestors 'none'", '  X-Content-Type-Options: nosniff', '  X-Frame-Options: DENY']));
  });
});

describe('a build\'s policy, in its pages and from the server', () => {
  let dir: string;
  const pages = {
    'index.html': '<!doctype html><html><head><meta charset=UTF-8><script>theme()</script></head><body>home</body></html>',
    '404.html': '<!doctype html><html><head><meta charset=UTF-8><script type=application/ld+json>{}</script></head><body>Page Not Found</body></html>',
    'docs/a/index.html': '<!doctype html><html><head><meta charset=UTF-8><script>!function(){a()}()</script></head><body>a</body></html>',
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'build-policy-'));
    for (const [file, html] of Object.entries(pages)) {
      mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
      writeFileSync(path.join(dir, file), html);
    }
  });
  afterEach(() => rmSync(dir, {recursive: true, force: true}));

  it('allows exactly the API origin, with the hashes the server computes, in every page and in _headers', () => {
    const hashes = inlineScriptHashes(dir);
    expect(hashes).toHaveLength(2);
    const origins = connectOrigins(readApiSettings({CHAT_API_URL: 'http://127.0.0.1:4791'}), null);
    expect(origins).toEqual(['http://127.0.0.1:4791']);
    const policy = writeBuildPolicy(dir, origins);
    expect(policy).toBe(contentSecurityPolicy(hashes, ['http://127.0.0.1:4791']));
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:4791;");
    for (const file of Object.keys(pages)) expect(metaPolicyOf(readFileSync(path.join(dir, file), 'utf8')), file).toBe(metaContentSecurityPolicy(policy));
    // The meta adds no inline script: the hashes (and so the server's policy) are what they were.
    expect(inlineScriptHashes(dir)).toEqual(hashes);
    expect(readFileSync(path.join(dir, HEADERS_FILE), 'utf8')).toContain(`Content-Security-Policy: ${policy}\n`);
    // A second run (a rebuild into the same folder) leaves one policy per page.
    writeBuildPolicy(dir, origins);
    expect(metaPolicyOf(readFileSync(path.join(dir, 'index.html'), 'utf8'))).toBe(metaContentSecurityPolicy(policy));
  });

  it('names Algolia when search uses it, once, beside the API', () => {
    const algolia = {appId: 'APP1', apiKey: 'k', indexName: 'docs'};
    expect(connectOrigins(readApiSettings({}), algolia)).toEqual(['https://APP1-dsn.algolia.net']);
    expect(connectOrigins(readApiSettings({CHAT_API_URL: 'https://api.docs.example'}), algolia)).toEqual(['https://APP1-dsn.algolia.net', 'https://api.docs.example']);
    expect(contentSecurityPolicy([], ['https://APP1-dsn.algolia.net', 'https://APP1-dsn.algolia.net', 'https://api.docs.example'])).toContain(
      "connect-src 'self' https://APP1-dsn.algolia.net https://api.docs.example;",
    );
  });

  it('agrees with the header the one-process server sends with the same build, so enforcing both changes nothing', async () => {
    // As the build does (and as the server does, with ALGOLIA_* from the environment of the test).
    for (const env of [{}, {CHAT_API_URL: 'https://api.docs.example'}]) {
      writeBuildPolicy(dir, connectOrigins(readApiSettings(env), readSearchConfig().algolia));
      const app = await buildApp({buildDir: dir});
      try {
        for (const url of ['/', '/docs/a', '/missing']) {
          const response = await app.inject({url});
          const header = String(response.headers['content-security-policy']);
          expect(header, url).toContain("frame-ancestors 'none'");
          expect(metaPolicyOf(response.body), url).toBe(metaContentSecurityPolicy(header));
        }
      } finally {
        await app.close();
      }
    }
  });
});
