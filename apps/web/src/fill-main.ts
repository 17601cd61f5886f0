import { FILL_STATE_ELEMENT_ID } from '@formsmith/core/fill-page/element-id';
import { onFirstInteraction } from './features/fill/lib/first-interaction.ts';
import { holdSubmits } from './features/fill/lib/held-submit.ts';
import { takeOverAtLoad } from './features/fill/lib/take-over-when.ts';
import './fill.css';

// The public page's entry: small, so the page that opens runs almost no script. The server's
// markup is a working form; the app (fill-app.tsx: its components, the state's schema,
// hydration) loads when the respondent first taps, types or moves the focus into the page, or at
// once when the page needs script from the start (take-over-when.ts says when).

const root = document.getElementById('root')!;
const text = document.getElementById(FILL_STATE_ELEMENT_ID)?.textContent;

/** The state as the server encoded it; undefined when there is none or it cannot be read. */
function readServed(json: string | null | undefined): unknown {
  if (!json) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

const served = readServed(text);
if (served === undefined) {
  // No server markup to keep (or none readable): the app draws the page and loads the form.
  void import('./fill-app.tsx').then((app) => app.start(root));
} else {
  // A submit pressed before the app is live waits for it, then goes through the app (which
  // checks, seals and sends it); should the app not load, the form posts as it would without script.
  const held = holdSubmits(root);
  let begun = false;
  const begin = () => {
    if (begun) return;
    begun = true;
    import('./fill-app.tsx').then((app) => app.takeOver(root, served)).then(held.release, held.release);
  };
  held.onHold(begin);
  if (takeOverAtLoad(served, { search: window.location.search, framed: window.parent !== window })) begin();
  else onFirstInteraction(begin);
}
