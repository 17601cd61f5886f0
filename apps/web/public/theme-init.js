// Applies the remembered theme before the first paint (no flash). Stored under 'darkMode'.
(() => {
  try {
    const root = document.documentElement;
    // An embedded form (/form/<id>/embed) is drawn in the scheme its host page asks for with
    // `?theme=light|dark` (embed.js passes the snippet's data-theme); `auto` follows the system.
    const embed = /\/form\/[^/]+\/embed\/?$/.test(location.pathname);
    const query = new URLSearchParams(embed ? location.search : '');
    const chosen = query.get('theme');
    let stored = null;
    try {
      stored = embed ? null : localStorage.getItem('darkMode');
    } catch {}
    const dark =
      chosen === 'dark' ||
      (chosen !== 'light' &&
        (stored === null ? matchMedia('(prefers-color-scheme: dark)').matches : stored === 'true'));
    root.classList.toggle('dark', dark);
    // Inline, the host page shows through the frame from the first paint (theme.css); embed.js
    // asks dialogs and full pages to keep the form's own page background (`frame=own`).
    if (embed && query.get('frame') !== 'own') root.classList.add('fs-see-through');
    // The theme is set: the system's own setting no longer decides (see index.css).
    root.classList.remove('nojs');
  } catch {}
})();
