import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The ideal-image plugin's helpers module, whose WebP check ./loader.js makes cheap. */
export const IDEAL_IMAGE_HELPERS = /[\\/]@docusaurus[\\/]plugin-ideal-image[\\/]lib[\\/]theme[\\/]IdealImageLegacy[\\/]components[\\/]helpers\.js$/;

/** Runs the ideal-image helpers' WebP check on a 1 x 1 canvas in the browser bundle (see ./loader.js). */
export default function webpCheckPlugin(): Plugin {
  return {
    name: 'datahub-webp-check',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {module: {rules: [{test: IDEAL_IMAGE_HELPERS, enforce: 'pre', use: [{loader: path.join(__dirname, 'loader.js')}]}]}};
    },
  };
}
