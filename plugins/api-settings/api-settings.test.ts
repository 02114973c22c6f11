import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {builtApiOrigins, contentSecurityPolicy} from '../../lib/security/headers';
import {chatService} from '../../src/site';
import {API_SETTINGS_FILE, apiOrigins, readApiSettings} from '.';

describe('build-time API settings', () => {
  it('keeps the one-process defaults when nothing is set', () => {
    const settings = readApiSettings({});
    expect(settings).toEqual({
      completionsUrl: chatService.completionsUrl,
      queryLogUrl: chatService.queryLogUrl,
      pageFeedbackUrl: chatService.pageFeedbackUrl,
      projectKey: chatService.projectKey,
      queryLogAnonKey: chatService.queryLogAnonKey,
    });
    expect(apiOrigins(settings)).toEqual([]);
  });

  it('points the pages at an API on another origin, and the tables at their own base when given', () => {
    const api = readApiSettings({CHAT_API_URL: 'https://api.docs.example/', CHAT_PROJECT_KEY: 'k1', QUERY_LOG_ANON_KEY: 'a1'});
    expect(api).toEqual({
      completionsUrl: 'https://api.docs.example/v1/completions',
      queryLogUrl: 'https://api.docs.example/rest/v1/queries',
      pageFeedbackUrl: 'https://api.docs.example/rest/v1/page_feedback',
      projectKey: 'k1',
      queryLogAnonKey: 'a1',
    });
    const split = readApiSettings({CHAT_API_URL: 'https://api.docs.example', QUERY_LOG_URL: 'https://abc.supabase.co/rest/v1'});
    expect(split.queryLogUrl).toBe('https://abc.supabase.co/rest/v1/queries');
    expect(apiOrigins(split)).toEqual(['https://abc.supabase.co', 'https://api.docs.example']);
  });

  it('names each bad variable on its own line', () => {
    expect(() => readApiSettings({CHAT_API_URL: 'api.docs.example', CHAT_PROJECT_KEY: 'two words'})).toThrow(
      /^CHAT_API_URL: must be an http:\/\/ or https:\/\/ URL.*\nCHAT_PROJECT_KEY: must be one key without spaces/,
    );
  });

  it('lets the server allow exactly the build\'s API origins in the pages\' connect-src', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-settings-'));
    try {
      expect(builtApiOrigins(dir)).toEqual([]);
      writeFileSync(path.join(dir, API_SETTINGS_FILE), JSON.stringify({origins: apiOrigins(readApiSettings({CHAT_API_URL: 'https://api.docs.example'}))}));
      expect(contentSecurityPolicy([], builtApiOrigins(dir))).toContain("connect-src 'self' https://api.docs.example;");
      writeFileSync(path.join(dir, API_SETTINGS_FILE), JSON.stringify({origins: ['https://api.docs.example/path']}));
      expect(() => builtApiOrigins(dir)).toThrow(/rebuild with npm run build/);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
