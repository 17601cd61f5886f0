import { fillPageStateSchema } from '@formsmith/core/fill-page/state';
import { loadChrome } from '@formsmith/core/i18n/chrome';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { seedChrome } from './components/form-renderer/chrome-context.ts';
import { FillRoot } from './features/fill/fill-root.tsx';
import { withTypedValues } from './features/fill/lib/typed-before-start.ts';

// The public page's app, loaded by its small entry (fill-main.ts) when the page needs it.

/** Lets the browser handle input and paint before the next part of the takeover. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/** Says that the page's script runs it from now on (`#root[data-live]`), for styles and checks. */
const markLive = (root: HTMLElement) => {
  root.dataset.live = 'true';
};

/** The page without the server's markup: its script renders it and loads the form. */
export function start(root: HTMLElement) {
  createRoot(root).render(<FillRoot />);
  markLive(root);
}

/**
 * Takes over the page the server rendered (its state rides in the page as JSON), with whatever was
 * typed into it meanwhile, in the words it was rendered in (that language's catalogue loaded
 * first). The page is already on screen and usable, so the work is split into short tasks
 * (reading the state, then hydrating) that never hold a respondent's tap or key for long. The
 * typed values are read in the same task as the hydration, so no key pressed between is missed.
 */
export async function takeOver(root: HTMLElement, served: unknown) {
  await nextTask();
  const state = fillPageStateSchema.safeParse(served);
  if (!state.success) return start(root);
  const language = state.data.language ?? 'en';
  seedChrome(language, await loadChrome(language).catch(() => loadChrome('en')));
  await nextTask();
  const initial = withTypedValues(state.data, root.querySelector<HTMLFormElement>('form[method=post]'));
  hydrateRoot(root, <FillRoot initial={initial} />);
  markLive(root);
}
