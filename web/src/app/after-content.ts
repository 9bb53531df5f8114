/**
 * The page's server-rendered content comes first: its words, and its priority picture (the one the
 * shopper sees largest, `fetchpriority="high"`), painted before the page's code is even asked for.
 * On a phone's slow network the code's ~140 KB would otherwise share the first seconds with that
 * picture; the HTML already is the page, the code only makes it interactive.
 *
 * A picture that takes longer than PICTURE_WAIT_MS to arrive does not hold the code back further.
 * A page opened in a tab that is not shown paints nothing, and waits for nothing: its code is
 * ready when the shopper comes to it (a hidden tab has no frames to wait for).
 */
const PICTURE_WAIT_MS = 3000;

/** The next frame painted; or the tab hidden meanwhile, which stops its frames until it is shown. */
const nextFrame = () =>
  new Promise<void>((resolve) => {
    const waiting = new AbortController();
    const done = () => {
      waiting.abort();
      resolve();
    };
    requestAnimationFrame(() => setTimeout(done, 0));
    document.addEventListener('visibilitychange', done, { signal: waiting.signal });
  });

export async function afterContentShown(): Promise<void> {
  if (document.visibilityState === 'hidden') return;
  const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (picture) {
    // decode() settles once the picture is loaded and decoded (or has failed to be).
    const shown = picture.decode().catch(() => undefined);
    await Promise.race([shown, new Promise((resolve) => setTimeout(resolve, PICTURE_WAIT_MS))]);
  }
  await nextFrame();
}
