import { lazy } from 'react';

// Views off the main path (gate, unavailable, expired, success) load on demand, which keeps the
// page's first JavaScript within its 80 KB budget. The success view is prefetched once the
// respondent starts on the form (not while the page starts).
const loadStatusViews = () => import('./status-views.tsx');
const loadGate = () => import('./access-gate.tsx');

export const prefetchSuccessView = () => void loadStatusViews().catch(() => {});

export const UnavailableView = lazy(() => loadStatusViews().then((m) => ({ default: m.UnavailableView })));
export const ExpiredView = lazy(() => loadStatusViews().then((m) => ({ default: m.ExpiredView })));
export const SuccessView = lazy(() => loadStatusViews().then((m) => ({ default: m.SuccessView })));
export const AccessGate = lazy(() => loadGate().then((m) => ({ default: m.AccessGate })));
