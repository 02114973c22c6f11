import {normalizeThemeConfig} from '@docusaurus/utils-validation';
import {describe, expect, it} from 'vitest';
import config from '../../docusaurus.config';
import {images, links, site} from '../../src/site';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const {ThemeConfigSchema} = require('@docusaurus/theme-classic/lib/options') as {ThemeConfigSchema: Parameters<typeof normalizeThemeConfig>[0]};

type Item = {label?: string; href?: string; to?: string; type?: string; 'aria-label'?: string};
const themeConfig = config.themeConfig as {
  navbar: {items: Item[]; hideOnScroll: boolean};
  footer: {links: Array<{title: string}>; copyright: string};
  colorMode: Record<string, unknown>;
  announcementBar: {isCloseable: boolean};
  tableOfContents: {minHeadingLevel: number; maxHeadingLevel: number};
};

describe('site configuration', () => {
  it('fails the build on broken links, anchors and markdown links', () => {
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.onBrokenAnchors).toBe('throw');
    expect(config.markdown?.hooks?.onBrokenMarkdownLinks).toBe('throw');
  });

  it('has the navbar, footer and colour mode of the spec', () => {
    const labels = themeConfig.navbar.items.map((i) => i.label).filter(Boolean);
    expect(labels).toEqual(['Docs', 'Integrations', 'Demo', 'Blog', 'Roadmap']);
    expect(themeConfig.navbar.items.filter((i) => i['aria-label']).map((i) => i.href)).toEqual([links.chat, links.videoChannel, links.sourceRepository]);
    expect(themeConfig.navbar.hideOnScroll).toBe(true);
    expect(themeConfig.footer.links.map((c) => c.title)).toEqual(['Docs', 'Community', 'More']);
    expect(themeConfig.footer.copyright).toContain('2015-2023');
    expect(themeConfig.colorMode).toEqual({defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true});
    expect(themeConfig.announcementBar.isCloseable).toBe(false);
    expect(themeConfig.tableOfContents).toEqual({minHeadingLevel: 2, maxHeadingLevel: 3});
  });

  it('configures ideal images with the spec sizes at quality 100', () => {
    const idealImage = config.plugins?.find((p) => Array.isArray(p) && p[0] === '@docusaurus/plugin-ideal-image') as [string, {sizes: number[]; quality: number}];
    expect(idealImage[1].sizes).toEqual([320, 640, 1280, 1440, 1600]);
    expect(idealImage[1].quality).toBe(images.quality);
    expect(site.navbarIconSize).toBe(21);
  });
});

describe('developer errors Docusaurus reports', () => {
  it('rejects a navbar item of a missing type, naming it', () => {
    expect(() => normalizeThemeConfig(ThemeConfigSchema, {navbar: {items: [{type: 'docsSidebarr', label: 'x'}]}}))
      .toThrow(/Bad navbar item type docsSidebarr/);
  });
});
