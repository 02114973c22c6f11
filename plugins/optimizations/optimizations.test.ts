import {existsSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {optimizations} from '../../data/upstream-swaps';
import {ssrTemplate} from '../page-scripts';
import {optimizationConfig, optimizationPlugins} from './config';
import {OPTIMIZATIONS_ENV, plainThemeAliases, plainThemePlugin, readSiteOptimizations} from '.';

const root = path.resolve(__dirname, '../..');

describe('SITE_OPTIMIZATIONS', () => {
  const build = ['node', 'docusaurus', 'build'];

  it('is on when unset or empty, and reads on and off', () => {
    expect(readSiteOptimizations({}, build)).toBe(true);
    expect(readSiteOptimizations({[OPTIMIZATIONS_ENV]: ' '}, build)).toBe(true);
    expect(readSiteOptimizations({[OPTIMIZATIONS_ENV]: 'on'}, build)).toBe(true);
    expect(readSiteOptimizations({[OPTIMIZATIONS_ENV]: 'off'}, [...build, '--out-dir', 'build-plain'])).toBe(false);
    expect(readSiteOptimizations({[OPTIMIZATIONS_ENV]: 'off'}, [...build, '--out-dir=elsewhere'])).toBe(false);
    expect(readSiteOptimizations({[OPTIMIZATIONS_ENV]: 'off'}, ['node', 'docusaurus', 'start'])).toBe(false);
  });

  it('rejects any other value in one line naming the variable', () => {
    expect(() => readSiteOptimizations({[OPTIMIZATIONS_ENV]: 'false'}, build)).toThrow(/^SITE_OPTIMIZATIONS must be "on" or "off" \(unset means on\), not "false"$/);
  });

  it('never lets a plain build write build/', () => {
    for (const argv of [build, [...build, '--out-dir', 'build'], [...build, '--out-dir=./build/']]) {
      expect(() => readSiteOptimizations({[OPTIMIZATIONS_ENV]: 'off'}, argv), argv.join(' ')).toThrow(/npm run build:plain/);
    }
  });
});

describe('the plain configuration', () => {
  it('has none of the optimization plugins, nor the page template, and gives the swizzles back to the theme', () => {
    const on = optimizationConfig(true);
    const off = optimizationConfig(false);
    expect(on.ssrTemplate).toBe(ssrTemplate);
    expect(off.ssrTemplate).toBeUndefined();
    for (const plugin of Object.values(optimizationPlugins)) {
      expect(on.plugins).toContain(plugin);
      expect(off.plugins).not.toContain(plugin);
    }
    expect(off.plugins).toContain(plainThemePlugin);
    expect(on.plugins).not.toContain(plainThemePlugin);
  });

  it('names a plugin folder or a swizzle for every optimization', () => {
    const missing = Object.keys(optimizations).filter((name) => !existsSync(path.join(root, name)));
    expect(missing).toEqual([]);
  });

  it("points every swizzle at the classic theme's component, and the code block content at the one with its name", () => {
    const aliases = plainThemeAliases(root);
    const swizzles = Object.keys(optimizations).filter((name) => name.startsWith('src/theme/'));
    expect(Object.keys(aliases).sort()).toEqual(swizzles.map((name) => name.replace('src/theme/', '@theme/')).sort());
    expect(aliases['@theme/CodeBlock/Content']).toBe(path.join(root, 'src/features/code/NamedCodeBlockContent.tsx'));
    for (const [alias, target] of Object.entries(aliases)) {
      if (alias === '@theme/CodeBlock/Content') continue;
      expect(target, alias).toMatch(/[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]/);
      expect(existsSync(path.join(target, 'index.js')), target).toBe(true);
    }
  });
});

describe('docusaurus.config.ts with SITE_OPTIMIZATIONS=off', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("builds without Rspack's persistent cache, which would mix the plain and the optimized module graphs", async () => {
    vi.stubEnv(OPTIMIZATIONS_ENV, 'off');
    vi.stubEnv('DOCUSAURUS_NO_PERSISTENT_CACHE', undefined);
    vi.resetModules();
    const {default: config} = await import('../../docusaurus.config');
    expect(config.ssrTemplate).toBeUndefined();
    // A fresh copy of the modules: the plugin is told by its function's name.
    expect(config.plugins?.some((plugin) => typeof plugin === 'function' && plugin.name === plainThemePlugin.name)).toBe(true);
    expect(process.env.DOCUSAURUS_NO_PERSISTENT_CACHE).toBe('1');
  });
});
