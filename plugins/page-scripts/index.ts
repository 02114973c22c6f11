import {earlyShortcutScript} from '../../src/features/search/early-shortcut';
import {loaderScript, PAGE_SCRIPTS_ID} from './loader';

/**
 * Docusaurus's page template (option `ssrTemplate`) with two changes: the page scripts are listed in a JSON block and
 * started by `loaderScript` after the first paint, instead of `<script defer>` tags whose downloads compete with
 * the stylesheet and the font, and the search shortcut is heard before the page has hydrated (`earlyShortcutScript`).
 * Everything else is the framework's default template.
 */
export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script type="application/json" id="${PAGE_SCRIPTS_ID}"><%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %></script>
    <script>${earlyShortcutScript}</script>
    <script>${loaderScript}</script>
  </body>
</html>
`;
