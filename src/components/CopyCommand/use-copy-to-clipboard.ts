import {useCallback, useEffect, useRef, useState} from 'react';

/** idle until a copy; copied or failed for a moment after it, then idle again. */
export type CopyStatus = 'idle' | 'copied' | 'failed';

/** How long the copied/failed feedback stays, in ms. */
const FEEDBACK_MS = 2000;

// Older browsers and non-secure origins have no async clipboard; a selected textarea still copies there.
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies text to the clipboard and reports the outcome for visible and announced feedback. */
export function useCopyToClipboard(): {status: CopyStatus; copy: (text: string) => Promise<void>} {
  const [status, setStatus] = useState<CopyStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    let ok: boolean;
    try {
      if (!navigator.clipboard) throw new Error('no async clipboard');
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch {
      ok = copyWithSelection(text);
    }
    setStatus(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus('idle'), FEEDBACK_MS);
  }, []);

  return {status, copy};
}
