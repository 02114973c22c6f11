import {useEffect, useState, type ComponentType, type ReactNode} from 'react';
import {afterNextPaint} from '../after-next-paint';

type Widget = ComponentType<{page: string}>;

/** Loads the page-feedback widget once the page has painted, so it never delays the first paint or its budget. */
export function LazyPageFeedback({page}: {page: string}): ReactNode {
  const [Widget, setWidget] = useState<Widget | null>(null);
  useEffect(() => {
    let live = true;
    afterNextPaint()
      .then(() => import('./PageFeedback'))
      .then(
        (module) => live && setWidget(() => module.PageFeedback),
        (error: unknown) => console.error('Could not load "Was this page helpful?"', error),
      );
    return () => {
      live = false;
    };
  }, []);
  // The box is reserved before the widget arrives, so nothing below it moves.
  return <div style={{minHeight: '5.5rem'}}>{Widget && <Widget key={page} page={page} />}</div>;
}
