import {describe, expect, it} from 'vitest';
import {readConfig} from './config';

describe('server environment', () => {
  it('starts on defaults alone', () => {
    const config = readConfig({});
    expect(config).toMatchObject({port: 3000, requestTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000, trustProxy: false, hstsMaxAgeSeconds: 0});
    expect(config.postgres).toEqual({connectTimeoutMs: 3_000, queryTimeoutMs: 3_000});
    expect(config.projectKeys.length).toBeGreaterThan(0);
  });

  it('limits page ratings apart from query-log inserts, 30 a minute unless PAGE_FEEDBACK_RATE_LIMIT_PER_MINUTE says otherwise', () => {
    expect(readConfig({})).toMatchObject({pageFeedbackRateLimitPerMinute: 30, queryLogRateLimitPerMinute: 120});
    expect(readConfig({PAGE_FEEDBACK_RATE_LIMIT_PER_MINUTE: '5'}).pageFeedbackRateLimitPerMinute).toBe(5);
    expect(() => readConfig({PAGE_FEEDBACK_RATE_LIMIT_PER_MINUTE: '0'})).toThrow(/^Invalid server environment:\n  PAGE_FEEDBACK_RATE_LIMIT_PER_MINUTE: /);
  });

  it('refuses a project-key list with no key in it, naming the variable', () => {
    expect(() => readConfig({CHAT_PROJECT_KEYS: ' , '})).toThrow(/CHAT_PROJECT_KEYS: must name at least one key/);
  });

  it('names each bad variable on its own line', () => {
    let message = '';
    try {
      readConfig({REQUEST_TIMEOUT_MS: 'soon', PG_QUERY_TIMEOUT_MS: '5', DATABASE_URL: 'mysql://x'});
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n').map((l) => l.trim());
    expect(lines[0]).toBe('Invalid server environment:');
    expect(lines.slice(1).map((l) => l.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'PG_QUERY_TIMEOUT_MS', 'REQUEST_TIMEOUT_MS']);
  });

  it('reads TRUST_PROXY as none, all, a hop count or proxy addresses', () => {
    expect(readConfig({TRUST_PROXY: 'false'}).trustProxy).toBe(false);
    expect(readConfig({TRUST_PROXY: 'true'}).trustProxy).toBe(true);
    expect(readConfig({TRUST_PROXY: '10.0.0.0/8, 127.0.0.1'}).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    const hops = readConfig({TRUST_PROXY: '2'}).trustProxy as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
  });

  it('reads REDIS_URL and the metrics listener, refusing anything but redis:// and the site\'s own port', () => {
    expect(readConfig({})).toMatchObject({redisUrl: undefined, metrics: undefined});
    expect(readConfig({REDIS_URL: 'redis://10.0.0.5:6379/0'}).redisUrl).toBe('redis://10.0.0.5:6379/0');
    expect(() => readConfig({REDIS_URL: 'http://10.0.0.5:6379'})).toThrow(/^Invalid server environment:\n  REDIS_URL: must be a redis:\/\/ \(or rediss:\/\/\) URL$/);
    expect(readConfig({METRICS_PORT: '9464'}).metrics).toEqual({port: 9464, host: '127.0.0.1'});
    expect(readConfig({METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0'}).metrics).toEqual({port: 9464, host: '0.0.0.0'});
    expect(() => readConfig({METRICS_PORT: 'nine'})).toThrow(/^Invalid server environment:\n  METRICS_PORT: /);
    expect(() => readConfig({PORT: '8080', METRICS_PORT: '8080'})).toThrow(/METRICS_PORT: 8080 is the site's PORT/);
  });
});
