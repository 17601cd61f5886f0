/*
 * Formsmith embed helper: one script for every way of putting a form on another site.
 *   <div data-formsmith-form="<id or slug>"></div>          inline, sized to the form
 *   <button data-formsmith-popup="<id or slug>">…</button>  opens the form in a centred dialog
 *   <button data-formsmith-slidein="<id or slug>">…</button> opens it in a panel at a corner
 *   <div data-formsmith-fullpage="<id or slug>"></div>      the form fills the window
 *   <script src="https://forms.example.com/embed.js" async></script>
 * Options, on the same element: data-title (the frame's and dialog's name), data-width (a
 * dialog's width in px), data-position (bottom-right or bottom-left, for a slide-in),
 * data-open-after (seconds after load to open a dialog by itself), data-close-after (seconds
 * after a submission to close the dialog), data-theme (light, dark or auto: the colour scheme the
 * form is drawn in; an inline frame, which the page shows through, takes the page's own declared
 * `color-scheme` without it, and a dialog or full page follows the visitor's system).
 * Every Formsmith iframe on the page (inserted here or pasted by hand) is sized to the height the
 * embedded form posts. When the form stores a submission, a `formsmith:submitted` event (detail:
 * {formId, submissionId}) bubbles from the element (or the pasted iframe) up to window; dialogs
 * also send `formsmith:opened` and `formsmith:closed`. Messages count only from this script's
 * own origin and from one of the page's frames.
 */
(() => {
  // Pasted twice (two snippets on one page), the second copy only fills the elements it follows.
  if (window.formsmithEmbed) return window.formsmithEmbed.mount();
  const script = document.currentScript;
  const origin = script?.src ? new URL(script.src).origin : window.location.origin;
  const P = 'formsmith';
  const STYLE = `.fs-o{position:fixed;inset:0;z-index:2147483000;background:rgba(15,23,42,.6);display:flex;align-items:center;justify-content:center;padding:16px}
.fs-d{position:relative;box-sizing:border-box;width:100%;max-height:calc(100vh - 32px);overflow:auto;background:#fff;color:#0f172a;border-radius:12px;box-shadow:0 20px 50px rgba(0,0,0,.35);color-scheme:light}
.fs-s{position:fixed;bottom:16px;right:16px;z-index:2147483000;width:calc(100vw - 32px);max-height:calc(100vh - 32px)}
.fs-l{right:auto;left:16px}
.fs-s{border:1px solid rgba(100,116,139,.5)}
.fs-x{position:absolute;top:8px;right:8px;z-index:1;width:40px;height:40px;border:0;border-radius:999px;background:#f1f5f9;color:#0f172a;font:24px/1 system-ui,sans-serif;cursor:pointer}
.fs-x:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.fs-d iframe{display:block;width:100%;border:0}
.fs-d.fs-dk{background:#0f172a;color:#f8fafc;color-scheme:dark}.fs-dk .fs-x{background:#1e293b;color:#f8fafc}.fs-dk .fs-x:focus-visible{outline-color:#93c5fd}
@media (max-width:480px){.fs-o{padding:0}.fs-d{width:100%;max-width:none!important;max-height:none;height:100%;border-radius:0}.fs-s{inset:0}}`;
  // The element each frame speaks for: the events it reports are dispatched there.
  const hosts = new Map();
  const dialogs = new Map();

  /*
   * The colour scheme the form is drawn in: the element's data-theme, else for an inline frame
   * (see-through) the scheme the host page declares with `color-scheme` (none means light), else
   * the visitor's system (auto).
   */
  const schemeOf = (host, inline) => {
    const chosen = host.getAttribute('data-theme');
    if (chosen === 'light' || chosen === 'dark' || chosen === 'auto') return chosen;
    if (!inline) return 'auto';
    const declared = getComputedStyle(host).colorScheme || '';
    return declared.includes('dark') ? (declared.includes('light') ? 'auto' : 'dark') : 'light';
  };

  // An inline frame lets the host page show through; a dialog's or a full page's frame keeps
  // the form's own page background (`frame=own`), so its text is read against its own colours.
  // The frame element gets the form's colour scheme too: browsers paint an opaque backdrop behind
  // a frame whose page's scheme differs from the frame element's, the edges that would show.
  const frameFor = (form, host, own, scheme) => {
    const frame = document.createElement('iframe');
    const query = new URLSearchParams();
    if (own) query.set('frame', 'own');
    if (scheme !== 'auto') query.set('theme', scheme);
    const search = String(query);
    frame.src = `${origin}/form/${encodeURIComponent(form)}/embed${search ? `?${search}` : ''}`;
    frame.title = host.getAttribute('data-title') || 'Form';
    frame.width = '100%';
    frame.height = '500';
    frame.style.cssText = `border:none;width:100%;display:block;color-scheme:${scheme === 'auto' ? 'light dark' : scheme}`;
    return frame;
  };
  const emit = (target, name, detail) =>
    target.dispatchEvent(new CustomEvent(`${P}:${name}`, { bubbles: true, detail }));
  const seconds = (host, name) => {
    const value = Number(host.getAttribute(`data-${name}`));
    return value >= 0 && host.hasAttribute(`data-${name}`) ? value * 1000 : null;
  };

  const addStyle = () => {
    if (document.getElementById('fs-style')) return;
    const style = document.createElement('style');
    style.id = 'fs-style';
    style.textContent = STYLE;
    document.head.appendChild(style);
  };

  const focusable = () => {
    const b = document.createElement('span');
    b.tabIndex = 0;
    return b;
  };

  /*
   * A popup is modal: the page behind is inert and does not scroll, and Tab cycles through the
   * close button and the form. A slide-in is not modal: it sits in a corner so the visitor can go
   * on reading and scrolling the page beside it, the way such panels are meant to be used; it still
   * takes focus when it opens, closes on Escape and gives focus back.
   */
  const open = (opener, form, modal) => {
    if (dialogs.has(opener)) return;
    addStyle();
    const label = opener.getAttribute('data-title') || 'Form';
    const dialog = document.createElement('div');
    const left = opener.getAttribute('data-position') === 'bottom-left';
    const scheme = schemeOf(opener);
    const dark =
      scheme === 'dark' || (scheme === 'auto' && matchMedia('(prefers-color-scheme:dark)').matches);
    dialog.className = `fs-d${modal ? '' : left ? ' fs-s fs-l' : ' fs-s'}${dark ? ' fs-dk' : ''}`;
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', String(modal));
    dialog.setAttribute('aria-label', label);
    const width = Number(opener.getAttribute('data-width'));
    dialog.style.maxWidth = `${width > 0 ? width : modal ? 640 : 400}px`;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'fs-x';
    close.setAttribute('aria-label', `Close ${label}`);
    close.textContent = '×';
    const frame = frameFor(form, opener, true, dark ? 'dark' : 'light');
    const first = focusable();
    const last = focusable();
    // Tab past the form's last control lands on `last` and goes round to the close button;
    // Shift+Tab before the close button lands on `first` and goes back into the form.
    first.addEventListener('focus', () => frame.focus());
    last.addEventListener('focus', () => close.focus());
    dialog.append(first, close, frame, last);
    const root = modal ? document.createElement('div') : dialog;
    if (modal) {
      root.className = 'fs-o';
      root.append(dialog);
      root.addEventListener('click', (e) => e.target === root && shut(opener));
    }
    const inerted = [];
    if (modal) {
      for (const el of document.body.children) {
        if (el.inert || el.tagName === 'SCRIPT') continue;
        el.inert = true;
        inerted.push(el);
      }
    }
    const overflow = document.documentElement.style.overflow;
    if (modal) document.documentElement.style.overflow = 'hidden';
    const onKey = (e) => e.key === 'Escape' && shut(opener);
    document.addEventListener('keydown', onKey);
    close.addEventListener('click', () => shut(opener));
    document.body.append(root);
    hosts.set(frame, opener);
    dialogs.set(opener, { root, frame, inerted, overflow, modal, onKey, focus: document.activeElement });
    close.focus();
    emit(opener, 'opened', { form });
  };

  const shut = (opener) => {
    const d = dialogs.get(opener);
    if (!d) return;
    dialogs.delete(opener);
    hosts.delete(d.frame);
    document.removeEventListener('keydown', d.onKey);
    for (const el of d.inerted) el.inert = false;
    if (d.modal) document.documentElement.style.overflow = d.overflow;
    d.root.remove();
    (d.focus && d.focus !== document.body ? d.focus : opener).focus?.();
    emit(opener, 'closed', { form: opener.getAttribute(`data-${P}-${d.modal ? 'popup' : 'slidein'}`) });
  };

  const mount = () => {
    for (const host of document.querySelectorAll(`[data-${P}-form]`)) {
      // The script may be pasted twice (two forms on one page): each element is filled once.
      if (host.querySelector('iframe')) continue;
      const form = host.getAttribute(`data-${P}-form`)?.trim();
      if (!form) continue;
      const frame = frameFor(form, host, false, schemeOf(host, true));
      hosts.set(frame, host);
      host.appendChild(frame);
    }
    for (const host of document.querySelectorAll(`[data-${P}-fullpage]`)) {
      const form = host.getAttribute(`data-${P}-fullpage`)?.trim();
      if (!form || host.querySelector('iframe')) continue;
      const frame = frameFor(form, host, true, schemeOf(host));
      // It fills the window and scrolls inside, so the heights the form posts are not applied.
      frame.setAttribute('data-fs-fixed', '');
      frame.style.cssText += ';position:fixed;inset:0;height:100%';
      hosts.set(frame, host);
      host.appendChild(frame);
    }
    for (const [mode, modal] of [
      ['popup', true],
      ['slidein', false],
    ]) {
      for (const opener of document.querySelectorAll(`[data-${P}-${mode}]`)) {
        const form = opener.getAttribute(`data-${P}-${mode}`)?.trim();
        if (!form || opener.fsBound) continue;
        opener.fsBound = true;
        opener.addEventListener('click', (e) => {
          e.preventDefault();
          open(opener, form, modal);
        });
        const after = seconds(opener, 'open-after');
        if (after !== null) setTimeout(() => open(opener, form, modal), after);
      }
    }
  };

  window.formsmithEmbed = { mount };
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (event.origin !== origin || typeof data?.type !== 'string') return;
    let frame;
    for (const f of document.getElementsByTagName('iframe')) if (f.contentWindow === event.source) frame = f;
    if (!frame) return;
    const host = hosts.get(frame) || frame;
    if (data.type === `${P}:height` && typeof data.height === 'number') {
      if (frame.hasAttribute('data-fs-fixed')) return;
      frame.style.height = `${Math.max(0, Math.ceil(data.height))}px`;
      frame.setAttribute('scrolling', 'no');
    } else if (data.type === `${P}:escape`) {
      if (dialogs.has(host)) shut(host);
    } else if (data.type === `${P}:submitted`) {
      emit(host, 'submitted', { formId: data.formId, submissionId: data.submissionId });
      const after = seconds(host, 'close-after');
      if (after !== null && dialogs.has(host)) setTimeout(() => shut(host), after);
    }
  });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
})();
