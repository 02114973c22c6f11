// Stands in for @docusaurus/core/lib/client/browserContext.js in the browser (swapped in by ./index.ts): the same
// context, false while the page hydrates and true afterwards, but set to true in a transition (see ./index.ts).
import React, {startTransition, useEffect, useState} from 'react';

export const Context = React.createContext(false);

export function BrowserContextProvider({children}) {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => {
    startTransition(() => setIsBrowser(true));
  }, []);
  return <Context.Provider value={isBrowser}>{children}</Context.Provider>;
}
