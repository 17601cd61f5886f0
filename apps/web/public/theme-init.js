// Applies the remembered theme before the first paint (no flash). Stored under 'darkMode'.
(() => {
  try {
    const stored = localStorage.getItem('darkMode');
    const dark = stored === null ? matchMedia('(prefers-color-scheme: dark)').matches : stored === 'true';
    document.documentElement.classList.toggle('dark', dark);
  } catch {}
})();
