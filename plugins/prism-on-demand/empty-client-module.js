// Stands in for @docusaurus/theme-classic/lib/prism-include-languages (see index.ts): languages register with the
// code block tokeniser (src/features/code/PrismLines.tsx) instead.
export {};
