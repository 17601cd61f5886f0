import { FILL_STATE_ELEMENT_ID, fillPageStateSchema } from '@formsmith/core/fill-page/state';
import { loadChrome } from '@formsmith/core/i18n/chrome';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { seedChrome } from './components/form-renderer/chrome-context.ts';
import { FillRoot } from './features/fill/fill-root.tsx';
import { withTypedValues } from './features/fill/lib/typed-before-start.ts';
import './fill.css';

// The respondent's page: no router, no query cache, nothing of the owner app. When the server
// rendered it, the page takes over what is shown (its state rides in the page as JSON).
const root = document.getElementById('root')!;
const served = document.getElementById(FILL_STATE_ELEMENT_ID)?.textContent;
const state = served ? fillPageStateSchema.safeParse(JSON.parse(served)) : null;
if (state?.success) {
  const served = state.data;
  // The server's markup is the first paint; the page takes it over right after that frame, so
  // its script never holds the first paint back, with whatever was typed into it meanwhile, and
  // in the words the server rendered it in (that language's catalogue loaded first).
  const language = served.language ?? 'en';
  const words = loadChrome(language)
    .then((chrome) => seedChrome(language, chrome))
    .catch(() => undefined);
  requestAnimationFrame(() =>
    setTimeout(() => {
      void words.then(() => {
        const initial = withTypedValues(served, root.querySelector<HTMLFormElement>('form[method=post]'));
        hydrateRoot(root, <FillRoot initial={initial} />);
      });
    }),
  );
} else createRoot(root).render(<FillRoot />);
