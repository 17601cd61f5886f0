/**
 * The inline script that starts the page's module once the server's markup is on screen. Loaded
 * from a `<script type="module" src>` tag, the module is fetched while the page is still being
 * parsed, and on a slow phone its download and start-up come before the first paint; the markup
 * needs none of it to be read and answered (its form posts without JavaScript), so the module is
 * asked for only when the browser reports the first contentful paint. Browsers without paint
 * timing start it after the first frame.
 */
export function afterPaintLoader(src: string): string {
  const entry = JSON.stringify(src);
  return `(() => {
  const start = () => import(${entry});
  try {
    if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        start();
      }).observe({ type: 'paint', buffered: true });
      return;
    }
  } catch {}
  requestAnimationFrame(() => setTimeout(start));
})();`;
}
