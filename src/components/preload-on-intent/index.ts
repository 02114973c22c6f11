/** How long a mouse pointer rests on a button before its dialog starts to download (as instant.page waits, 65 ms). */
export const HOVER_INTENT_MS = 65;

export interface IntentProps {
  onPointerEnter: (event: {pointerType: string}) => void;
  onPointerLeave: () => void;
  onFocus: () => void;
  onTouchStart: () => void;
}

/**
 * Props that start `load` when a reader shows the intent to use a button: a touch or keyboard focus at once, a mouse
 * pointer once it has rested on the button for HOVER_INTENT_MS. A pointer passing over the button costs nothing, and
 * the download never starts in the few milliseconds between a pointer's arrival and its click, when a chunk's
 * evaluation and a new stylesheet's layout would land between the two (the click then starts the download itself).
 */
export function preloadOnIntent(load: () => void): IntentProps {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    onPointerEnter: (event) => {
      cancel();
      if (event.pointerType === 'mouse') timer = setTimeout(load, HOVER_INTENT_MS);
      else load();
    },
    onPointerLeave: cancel,
    onFocus: load,
    onTouchStart: load,
  };
}
