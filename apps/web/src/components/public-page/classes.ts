// The UI kit's button looks, as plain classes: the kit's Button brings every variant along,
// and the public page counts its bytes (80 KB gzip at most).
const base = 'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors';

export const primaryButton = `fs-primary ${base} h-10 px-4 text-sm bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/60 disabled:cursor-not-allowed`;

export const secondaryButton = `${base} h-10 px-4 text-sm border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`;
