/*
 * Formsmith embed helper. Paste next to the iframe of a form:
 *   <iframe src="https://forms.example.com/form/<id>/embed" width="100%" height="500"
 *           style="border:0" title="Form"></iframe>
 *   <script src="https://forms.example.com/embed.js" async></script>
 * The embedded form posts its height; this script sizes its iframe so it never scrolls.
 */
(() => {
  const script = document.currentScript;
  const origin = script?.src ? new URL(script.src).origin : null;
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (data?.type !== 'formsmith:height' || typeof data.height !== 'number') return;
    if (origin && event.origin !== origin) return;
    for (const frame of document.getElementsByTagName('iframe')) {
      if (frame.contentWindow === event.source) {
        frame.style.height = `${Math.max(0, Math.ceil(data.height))}px`;
        frame.setAttribute('scrolling', 'no');
      }
    }
  });
})();
