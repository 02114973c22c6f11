// Swizzled (wrap): not hydrated on a phone-sized window, where CSS hides it (see DesktopOnly).
import type {ComponentProps, ReactNode} from 'react';
import DocSidebarDesktop from '@theme-original/DocSidebar/Desktop';
import {DesktopOnly} from '@site/src/components/DesktopOnly';

export default function DocSidebarDesktopWhereShown(props: ComponentProps<typeof DocSidebarDesktop>): ReactNode {
  return (
    <DesktopOnly>
      <DocSidebarDesktop {...props} />
    </DesktopOnly>
  );
}
