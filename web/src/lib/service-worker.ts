/**
 * Registers the shop's service worker (web/service-worker/sw.ts) once the page has loaded, so it
 * never competes with the page for the network. Without support (plain http on a shop's own
 * network, older browsers) the shop simply works online.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // An invalid certificate or a private window: the shop works without it.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
