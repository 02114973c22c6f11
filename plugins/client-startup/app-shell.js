// The router and head manager the entry wraps the app in (see ./entry.js). The entry imports this module on its own
// so that the task evaluating the main script stays short; importing by name here lets the bundler keep only these
// three exports of the two packages (a dynamic import of a package itself keeps every export).
export {HelmetProvider} from 'react-helmet-async';
export {BrowserRouter, HashRouter} from 'react-router-dom';
