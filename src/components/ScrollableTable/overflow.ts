/** The box sizes that tell whether an element scrolls. */
export interface ScrollBox {
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
}

/** True when the content is larger than the box in either direction (a pixel of rounding is not overflow). */
export function overflows({scrollWidth, clientWidth, scrollHeight, clientHeight}: ScrollBox): boolean {
  return scrollWidth - clientWidth > 1 || scrollHeight - clientHeight > 1;
}
