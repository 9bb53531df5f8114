/**
 * The page's server-rendered content comes first: its words, its priority picture (the one the
 * shopper sees largest, `fetchpriority="high"`) decoded, and the other pictures it loads at once
 * (the page's `load`), before the page's code is even asked for. On a phone's slow network the
 * code's ~140 KB would otherwise share the first seconds with those pictures; and pictures that
 * arrive while the page is taken over are each decoded, drawn and composited in the middle of it,
 * time the main thread waits for a core (measured in bench/RESULTS.md). The HTML already is the
 * page, the code only makes it interactive, and taps meanwhile are held (see early-actions).
 *
 * Pictures that take longer than PICTURE_WAIT_MS in all do not hold the code back further.
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
  // decode() settles once the picture is loaded and decoded (or has failed to be).
  const shown = picture?.decode().catch(() => undefined);
  // Lazy pictures far below do not hold the page's load; those near enough to be fetched at once do.
  const loaded =
    document.readyState === 'complete'
      ? undefined
      : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  if (shown || loaded)
    await Promise.race([Promise.all([shown, loaded]), new Promise((resolve) => setTimeout(resolve, PICTURE_WAIT_MS))]);
  await nextFrame();
}
