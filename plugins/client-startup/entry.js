// Stands in for @docusaurus/core/lib/client/clientEntry.js (swapped in by ./index.ts). The original evaluates the
// whole app (theme, 340 routes, the chunk registry), matches the route and starts hydration in one task: about
// 350 ms on Lighthouse's throttled mobile CPU, during which the page cannot answer input. This entry does the same
// steps in the same order, handing the main thread back to the browser between them.
import React, {startTransition} from 'react';
import siteConfig from '@generated/docusaurus.config';
import ExecutionEnvironment from '@docusaurus/core/lib/client/exports/ExecutionEnvironment';

const hydrate = Boolean(process.env.HYDRATE_CLIENT_ENTRY);

/** Resolves in a new task, so that input and rendering waiting behind the current one run first. */
function yieldToBrowser() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Evaluates a module of the main chunk in a task of its own. "eager" keeps the module in that chunk. */
async function inNewTask(load) {
  await yieldToBrowser();
  return load();
}

/** The prefetch and preload API of the original entry, set at once; it starts working when its module has loaded. */
let api;
const docusaurusApi = Object.freeze({
  prefetch: (routePath) => api?.prefetch(routePath) ?? false,
  preload: (routePath) => api?.preload(routePath) ?? false,
});

async function start() {
  // React DOM is the largest module the entry runs, and the router and head manager come next: run in the task that
  // evaluates this script (which also compiles it), they made it a long task on a slow phone.
  const {default: ReactDOM} = await inNewTask(() => import(/* webpackMode: "eager" */ 'react-dom/client'));
  const {HelmetProvider, BrowserRouter, HashRouter} = await inNewTask(() => import(/* webpackMode: "eager" */ './app-shell'));
  const Router = siteConfig.future.experimental_router === 'hash' ? HashRouter : BrowserRouter;
  // The registry and the routes are the largest modules: each gets its own task before the app is evaluated.
  await inNewTask(() => import(/* webpackMode: "eager" */ '@generated/registry'));
  await inNewTask(() => import(/* webpackMode: "eager" */ '@generated/routes'));
  api = (await inNewTask(() => import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/docusaurus'))).default;
  const {default: App} = await inNewTask(() => import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/App'));
  // ./preload-route.js (swapped in by ./index.ts): it starts each route layer's chunks in a task of its own.
  const {default: preload} = await inNewTask(() => import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/preload'));
  const container = document.getElementById('__docusaurus');
  const app = (
    <HelmetProvider>
      <Router>
        <App />
      </Router>
    </HelmetProvider>
  );
  const onRecoverableError = (error, errorInfo) => {
    console.error('Docusaurus React Root onRecoverableError:', error, errorInfo);
  };
  const renderApp = () => {
    if (window.docusaurusRoot) {
      window.docusaurusRoot.render(app);
      return;
    }
    if (hydrate) {
      window.docusaurusRoot = ReactDOM.hydrateRoot(container, app, {onRecoverableError});
    } else {
      const root = ReactDOM.createRoot(container, {onRecoverableError});
      root.render(app);
      window.docusaurusRoot = root;
    }
  };
  await preload(window.location.pathname);
  await yieldToBrowser();
  startTransition(renderApp);
}

if (ExecutionEnvironment.canUseDOM) {
  window.docusaurus = docusaurusApi;
  start();
  if (module.hot) {
    module.hot.accept();
  }
}
