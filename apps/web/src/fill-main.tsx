import { FILL_STATE_ELEMENT_ID, fillPageStateSchema } from '@formsmith/core/fill-page/state';
import { createRoot, hydrateRoot } from 'react-dom/client';
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
  // its script never holds the first paint back, with whatever was typed into it meanwhile.
  requestAnimationFrame(() =>
    setTimeout(() => {
      const initial = withTypedValues(served, root.querySelector<HTMLFormElement>('form[method=post]'));
      hydrateRoot(root, <FillRoot initial={initial} />);
    }),
  );
} else createRoot(root).render(<FillRoot />);
