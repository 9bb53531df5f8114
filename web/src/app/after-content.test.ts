import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterContentShown } from './after-content';

/** A promise with its resolve and reject at hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** The page's priority picture, whose decoding the test settles. */
function priorityPicture() {
  const decoding = deferred();
  const root = document.createElement('div');
  root.id = 'root';
  const picture = document.createElement('img');
  picture.setAttribute('fetchpriority', 'high');
  picture.decode = () => decoding.promise;
  root.append(picture);
  document.body.append(root);
  return decoding;
}

/** A page still loading the pictures it fetches at once: the test sends its `load` event. */
function pageLoading() {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
  return () => window.dispatchEvent(new Event('load'));
}

/** Whether the promise has settled, after the timers and frames due so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(50);
  return done;
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the page asks for its script', () => {
  it('once its priority picture is decoded and a frame has passed', async () => {
    vi.useFakeTimers();
    const decoding = priorityPicture();
    const shown = afterContentShown();
    expect(await settled(shown)).toBe(false);
    decoding.resolve();
    expect(await settled(shown)).toBe(true);
  });

  it('when the picture fails, as when it shows', async () => {
    vi.useFakeTimers();
    const decoding = priorityPicture();
    const shown = afterContentShown();
    decoding.reject(new Error('EncodingError'));
    expect(await settled(shown)).toBe(true);
  });

  it('after 3 s at most when the picture is slow', async () => {
    vi.useFakeTimers();
    priorityPicture();
    const shown = afterContentShown();
    await vi.advanceTimersByTimeAsync(2_900);
    expect(await settled(shown)).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await settled(shown)).toBe(true);
  });

  it('once the other pictures it loads at once have arrived too (the page has loaded)', async () => {
    vi.useFakeTimers();
    const decoding = priorityPicture();
    const load = pageLoading();
    const shown = afterContentShown();
    decoding.resolve();
    expect(await settled(shown)).toBe(false);
    load();
    expect(await settled(shown)).toBe(true);
  });

  it('after 3 s at most in all when the pictures are slow', async () => {
    vi.useFakeTimers();
    priorityPicture();
    pageLoading();
    const shown = afterContentShown();
    await vi.advanceTimersByTimeAsync(2_900);
    expect(await settled(shown)).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await settled(shown)).toBe(true);
  });

  it('at once in a tab that is not shown (it paints nothing, and has no frames to wait for)', async () => {
    vi.useFakeTimers();
    priorityPicture();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(await settled(afterContentShown())).toBe(true);
  });

  it('at once when the tab is hidden while it waits for a frame', async () => {
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const shown = afterContentShown();
    expect(await settled(shown)).toBe(false);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(shown)).toBe(true);
  });

  it('after a frame on a page without a priority picture', async () => {
    vi.useFakeTimers();
    expect(await settled(afterContentShown())).toBe(true);
  });
});
