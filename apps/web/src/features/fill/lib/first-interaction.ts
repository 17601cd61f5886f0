/** What a respondent does first on the page: a tap, a click, a key or the focus entering it. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Runs `then` once, when the respondent first does something on the page (or at once when the
 * focus is already in it, as after typing before the script took over). Code only answering needs
 * (the field checks with their phone-number data, the ending's view) is loaded then, not while the
 * page starts: a page opened and only read never runs it, and its start-up stays short.
 * Returns the stop for a component that goes before it ran.
 */
export function onFirstInteraction(then: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    stop();
    then();
  };
  const stop = () => {
    for (const type of INTERACTIONS) document.removeEventListener(type, run, true);
  };
  const active = document.activeElement;
  if (active && active !== document.body && active !== document.documentElement) {
    run();
    return stop;
  }
  for (const type of INTERACTIONS) document.addEventListener(type, run, { capture: true, passive: true });
  return stop;
}
