// Applies the remembered theme before the first paint (no flash). Stored under 'darkMode'.
(() => {
  try {
    const stored = localStorage.getItem('darkMode');
    const dark = stored === null ? matchMedia('(prefers-color-scheme: dark)').matches : stored === 'true';
    document.documentElement.classList.toggle('dark', dark);
    // The theme is set: the system's own setting no longer decides (see index.css).
    document.documentElement.classList.remove('nojs');
  } catch {}
})();
