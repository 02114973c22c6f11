import {useRef, type ComponentProps} from 'react';
import {useOverflow} from './use-overflow';

/**
 * A Markdown table. Infima makes tables their own scroll box; one that overflows joins the tab order so keyboard
 * readers can scroll it (WCAG 2.1.1, axe scrollable-region-focusable). Tables that fit add no tab stop.
 */
export function ScrollableTable(props: ComponentProps<'table'>) {
  const ref = useRef<HTMLTableElement>(null);
  const overflowing = useOverflow(ref);
  return <table {...props} ref={ref} tabIndex={overflowing ? 0 : undefined} />;
}
