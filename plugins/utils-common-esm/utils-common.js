// The exports of @docusaurus/utils-common's entry (lib/index.js), taken from the files it re-exports, without tslib.
export {default as applyTrailingSlash, addTrailingSlash, addLeadingSlash, removeTrailingSlash} from '@docusaurus/utils-common/lib/applyTrailingSlash.js';
export {addPrefix, removeSuffix, addSuffix, removePrefix} from '@docusaurus/utils-common/lib/stringUtils.js';
export {getErrorCausalChain} from '@docusaurus/utils-common/lib/errorUtils.js';

// __ prefix: search crawlers ignore anchors that start with it (as in the original entry).
export const blogPostContainerID = '__blog-post-container';
