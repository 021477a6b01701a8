// Registers the app's service worker (public/sw.js, scope '/') in production builds only,
// and hands it the URLs the page has loaded so the whole app shell is kept for offline use.

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).origin === location.origin);
      registration.active?.postMessage({ type: 'cache-urls', urls });
    })
    .catch((error: unknown) => console.error('Service worker registration failed', error));
}
