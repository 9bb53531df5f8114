import { afterAll, afterEach } from 'vitest';

// A test of the server's render, or of a module with no page, runs without a browser
// (`@vitest-environment node`): it loads none of the page-testing tools.
const inBrowser = typeof window !== 'undefined';
const { cleanup, configure } = inBrowser
  ? await import('@testing-library/react')
  : { cleanup: () => {}, configure: () => {} };
if (inBrowser) await import('@testing-library/jest-dom/vitest');

// Pages rendered without their router (which fetches each page's part of the catalogue) still
// find every English word. (Tests without a browser render through the server's code, which reads
// every part itself, and some must import the contract's zod first: strict-csp.)
if (inBrowser) {
  const { englishI18nNow, loadAllWords } = await import('@/lib/i18n');
  await loadAllWords(englishI18nNow());
}

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom keeps cookies between tests otherwise
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

// findBy… and waitFor wait up to 5 s, not 1 s: on a loaded machine (the journeys and the server suite
// run beside these tests) a page's first render can take longer than a second. A passing test is as
// fast as before; only a slow render no longer fails.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  if (!inBrowser) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
});

// A page loads sonner with its first toast (see lib/toast); here it is loaded ahead, so waiting
// for a toast waits for the page, not for the test runner's first transform of sonner.
if (inBrowser) await import('sonner');

// A closing toast removes itself 200 ms later (sonner's exit animation); let that timer run while
// the page still exists, rather than after the test file's window is gone.
afterAll(async () => {
  // Sonner keeps its toasts in the module, which the files share: none carries over to the next file.
  if (inBrowser) (await import('sonner')).toast.dismiss();
  await new Promise((resolve) => setTimeout(resolve, 300));
  // The test files share one window (vite.config.ts): the next file starts on an empty page, with
  // nothing a page put in the head (titles, preload hints) or left in the body (portals).
  if (inBrowser) {
    document.head.replaceChildren();
    document.body.replaceChildren();
    document.title = '';
  }
});

// jsdom lacks these browser APIs; the pages call them.
if (inBrowser && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (inBrowser) window.scrollTo = (() => {}) as typeof window.scrollTo;
// Sonner captures the pointer when a toast's button is pressed; jsdom has no pointer capture.
if (inBrowser && !Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
}
// jsdom draws nothing and says so on every call; a canvas without a context is what charts check for.
if (inBrowser) {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
}
