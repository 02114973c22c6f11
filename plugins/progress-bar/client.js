// The theme's progress bar for client-side navigations, with nprogress loaded when the first navigation starts.
import 'theme-progress-bar.css';

/** A navigation quicker than this shows no bar (the theme's delay). */
const DELAY_MS = 200;

let progress;
const loadProgress = () =>
  (progress ??= import('nprogress').then(({default: nprogress}) => {
    nprogress.configure({showSpinner: false});
    return nprogress;
  }));

export default {
  onRouteUpdate({location, previousLocation}) {
    if (!previousLocation || location.pathname === previousLocation.pathname) return undefined;
    const loading = loadProgress();
    let settled = false;
    const timer = window.setTimeout(() => loading.then((nprogress) => settled || nprogress.start()), DELAY_MS);
    // Called when the new route has rendered: a bar that has not started by then never starts.
    return () => {
      settled = true;
      window.clearTimeout(timer);
    };
  },
  onRouteDidUpdate() {
    progress?.then((nprogress) => nprogress.done());
  },
};
