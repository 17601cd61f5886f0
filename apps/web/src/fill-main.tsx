import { FILL_STATE_ELEMENT_ID, fillPageStateSchema } from '@formsmith/core/fill-page/state';
import { loadChrome } from '@formsmith/core/i18n/chrome';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { seedChrome } from './components/form-renderer/chrome-context.ts';
import { FillRoot } from './features/fill/fill-root.tsx';
import { withTypedValues } from './features/fill/lib/typed-before-start.ts';
import './fill.css';

/** Lets the browser handle input and paint before the next part of the takeover. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/** Says that the page's script runs it from now on (`#root[data-live]`), for styles and checks. */
const markLive = (root: HTMLElement) => {
  root.dataset.live = 'true';
};

/** The page without the server's markup: its script renders it and loads the form. */
function start(root: HTMLElement) {
  createRoot(root).render(<FillRoot />);
  markLive(root);
}

/**
 * Takes over the page the server rendered (its state rides in the page as JSON), with whatever was
 * typed into it meanwhile, in the words it was rendered in (that language's catalogue loaded
 * first). The page is already on screen and usable, so the work is split into short tasks
 * (reading the state, then hydrating) that never hold a respondent's tap or key for long.
 */
async function takeOver(root: HTMLElement, served: string) {
  await nextTask();
  const state = fillPageStateSchema.safeParse(JSON.parse(served));
  if (!state.success) return start(root);
  const language = state.data.language ?? 'en';
  seedChrome(language, await loadChrome(language).catch(() => loadChrome('en')));
  await nextTask();
  const initial = withTypedValues(state.data, root.querySelector<HTMLFormElement>('form[method=post]'));
  hydrateRoot(root, <FillRoot initial={initial} />);
  markLive(root);
}

// The respondent's page: no router, no query cache, nothing of the owner app.
const root = document.getElementById('root')!;
const served = document.getElementById(FILL_STATE_ELEMENT_ID)?.textContent;
if (served) void takeOver(root, served);
else start(root);
