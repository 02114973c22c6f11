/**
 * Copies the text at `url` to the clipboard. The ClipboardItem form hands the clipboard a promise, so the copy keeps
 * the click's user activation while the text downloads (Safari refuses a write that starts after an await).
 */
export async function copyFromUrl(url: string): Promise<void> {
  const text = fetch(url).then(async (response) => {
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return response.text();
  });
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    await navigator.clipboard.write([new ClipboardItem({'text/plain': text.then((t) => new Blob([t], {type: 'text/plain'}))})]);
  } else {
    await navigator.clipboard.writeText(await text);
  }
}
