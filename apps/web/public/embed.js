/*
 * Formsmith embed helper. Paste where the form should appear:
 *   <div data-formsmith-form="<id or slug>"></div>
 *   <script src="https://forms.example.com/embed.js" async></script>
 * It puts the form's iframe into every such element, and sizes every Formsmith iframe on the
 * page (inserted here or pasted by hand) to the height the embedded form posts, so it never
 * scrolls inside.
 */
(() => {
  const script = document.currentScript;
  const origin = script?.src ? new URL(script.src).origin : window.location.origin;

  const mount = () => {
    for (const host of document.querySelectorAll('[data-formsmith-form]')) {
      // The script may be pasted twice (two forms on one page): each element is filled once.
      if (host.querySelector('iframe')) continue;
      const form = host.getAttribute('data-formsmith-form')?.trim();
      if (!form) continue;
      const frame = document.createElement('iframe');
      frame.src = `${origin}/form/${encodeURIComponent(form)}/embed`;
      frame.title = host.getAttribute('data-title') || 'Form';
      frame.width = '100%';
      frame.height = '500';
      frame.style.border = 'none';
      frame.style.width = '100%';
      frame.style.display = 'block';
      host.appendChild(frame);
    }
  };

  window.addEventListener('message', (event) => {
    const data = event.data;
    if (data?.type !== 'formsmith:height' || typeof data.height !== 'number') return;
    if (event.origin !== origin) return;
    for (const frame of document.getElementsByTagName('iframe')) {
      if (frame.contentWindow === event.source) {
        frame.style.height = `${Math.max(0, Math.ceil(data.height))}px`;
        frame.setAttribute('scrolling', 'no');
      }
    }
  });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
})();
