import { FILL_STATE_ELEMENT_ID, fillPageStateSchema } from '@formsmith/core/fill-page/state';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { FillRoot } from './features/fill/fill-root.tsx';
import './index.css';

// The respondent's page: no router, no query cache, nothing of the owner app. When the server
// rendered it, the page takes over what is shown (its state rides in the page as JSON).
const root = document.getElementById('root')!;
const served = document.getElementById(FILL_STATE_ELEMENT_ID)?.textContent;
const state = served ? fillPageStateSchema.safeParse(JSON.parse(served)) : null;
if (state?.success) hydrateRoot(root, <FillRoot initial={state.data} />);
else createRoot(root).render(<FillRoot />);
