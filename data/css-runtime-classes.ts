/**
 * Class names the stylesheet pruning (plugins/css-prune) must keep although no built page and no script spells them
 * out whole: the names the browser code puts together at run time. Everything else it keeps is found by reading the
 * built HTML and the JavaScript chunks, so a class a component adds after hydration (an open dropdown, the mobile
 * menu, the dialogs) stays as long as its name appears in the component's code.
 *
 * Each entry is a class name, or a regular expression for a family of them; say which code builds the name.
 */
export const runtimeClasses: ReadonlyArray<string | RegExp> = [
  // Prism (src/features/code, after a client-side navigation) tags tokens with its grammar's token types; the
  // code theme (plugins/prism-on-demand) styles them, including types no page of the build shows yet.
  'token',
  // Infima's admonition colours: the theme maps each admonition type to `alert--<colour>` through a table, and a
  // page added later may use a colour no page uses today.
  /^alert--/,
];
