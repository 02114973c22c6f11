// Swizzled (wrap): the root's module is evaluated before the first route loads, early enough to watch that load fail.
import type {ReactNode} from 'react';
import {watchFirstLoadChunkFailure} from '@site/src/features/chunk-failure';

if (typeof window !== 'undefined') watchFirstLoadChunkFailure(window);

export default function Root({children}: {children: ReactNode}): ReactNode {
  return children;
}
