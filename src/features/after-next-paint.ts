/**
 * Resolves once the frame being prepared has been painted and presented: after the frame that follows it (a
 * compositor may present a frame a little after painting it), or after 300 ms in a tab that does not paint.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
    setTimeout(resolve, 300);
  });
}
