import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FillPage } from './features/fill/fill-page.tsx';
import './index.css';

// The respondent's page: no router, no query cache, nothing of the owner app.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FillPage />
  </StrictMode>,
);
