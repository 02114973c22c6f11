// Swizzled (wrap): not hydrated on a phone-sized window, where CSS hides it (see DesktopOnly).
import type {ReactNode} from 'react';
import DocItemTOCDesktop from '@theme-original/DocItem/TOC/Desktop';
import {DesktopOnly} from '@site/src/components/DesktopOnly';

export default function DocItemTOCDesktopWhereShown(): ReactNode {
  return (
    <DesktopOnly>
      <DocItemTOCDesktop />
    </DesktopOnly>
  );
}
