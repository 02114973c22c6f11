import type {PluginConfig} from '@docusaurus/types';
import afterHydrationPlugin from '../after-hydration';
import clientStartupPlugin from '../client-startup';
import configTrimPlugin from '../config-trim';
import cssPrunePlugin from '../css-prune';
import globalDataCompactPlugin from '../global-data-compact';
import lazyRoutesPlugin from '../lazy-routes';
import {ssrTemplate} from '../page-scripts';
import {precompressPlugin} from '../precompress';
import prismOnDemandPlugin from '../prism-on-demand';
import progressBarPlugin from '../progress-bar';
import registryTrimPlugin from '../registry-trim';
import routeMatchPlugin from '../route-match';
import routePrefetchPlugin from '../route-prefetch';
import shallowMemoPlugin from '../shallow-memo';
import utilsCommonEsmPlugin from '../utils-common-esm';
import webpCheckPlugin from '../webp-check';
import {plainThemePlugin, type PluginOptimization} from '.';

/**
 * The optimizations that are plugins of their own, by their name in data/upstream-swaps.ts: one added there does not
 * type-check until it is wired here.
 */
export const optimizationPlugins: Record<PluginOptimization, PluginConfig> = {
  'plugins/prism-on-demand': prismOnDemandPlugin,
  'plugins/route-prefetch': routePrefetchPlugin,
  'plugins/progress-bar': progressBarPlugin,
  'plugins/client-startup': clientStartupPlugin,
  'plugins/shallow-memo': shallowMemoPlugin,
  'plugins/after-hydration': afterHydrationPlugin,
  'plugins/route-match': routeMatchPlugin,
  'plugins/utils-common-esm': utilsCommonEsmPlugin,
  'plugins/registry-trim': registryTrimPlugin,
  'plugins/config-trim': configTrimPlugin,
  'plugins/global-data-compact': globalDataCompactPlugin,
  'plugins/lazy-routes': lazyRoutesPlugin,
  'plugins/webp-check': webpCheckPlugin,
};

/**
 * The part of docusaurus.config.ts the switch decides: with the optimizations, our page template, the stylesheet
 * pruning and the route chunks written into the pages, and every plugin above; without them (SITE_OPTIMIZATIONS=off),
 * Docusaurus's template, the build precompressed as it is written, and the theme's own components for the swizzles.
 */
export function optimizationConfig(on: boolean): {ssrTemplate?: string; plugins: PluginConfig[]} {
  if (!on) return {plugins: [precompressPlugin({routeChunks: false}), plainThemePlugin]};
  return {
    // Page scripts start after the first paint (plugins/page-scripts).
    ssrTemplate,
    plugins: [
      // Prunes the stylesheet, then precompresses the build (in that order: see plugins/css-prune).
      cssPrunePlugin(precompressPlugin({routeChunks: true})),
      ...Object.values(optimizationPlugins),
    ],
  };
}
