// Loader for the ideal-image plugin's helpers (lib/theme/IdealImageLegacy/components/helpers.js). When the module is
// evaluated it asks whether the browser supports WebP by encoding a blank canvas as WebP; the canvas has the default
// size, 300 x 150, and encoding it took 14 to 37 ms of the home page's main thread in Chromium 156. A 1 x 1 canvas
// gives the same answer in under a millisecond.
const DEFAULT_CANVAS = "const elem = document.createElement('canvas');";
const ONE_PIXEL_CANVAS = "const elem = Object.assign(document.createElement('canvas'), {width: 1, height: 1});";

module.exports = function smallWebpCheck(source) {
  return rewriteWebpCheck(source);
};

/** The helpers' source with the WebP check's canvas made 1 x 1; throws when the check is no longer written so. */
function rewriteWebpCheck(source) {
  if (!source.includes(DEFAULT_CANVAS)) {
    throw new Error(`[webp-check] the ideal-image helpers no longer create their WebP canvas with "${DEFAULT_CANVAS}": compare the new file (data/upstream-swaps.ts)`);
  }
  return source.replace(DEFAULT_CANVAS, ONE_PIXEL_CANVAS);
}

module.exports.rewriteWebpCheck = rewriteWebpCheck;
