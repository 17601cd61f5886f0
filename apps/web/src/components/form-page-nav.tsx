import { NavLink } from 'react-router';
import { cn } from '../lib/cn.ts';

const PAGES = [
  { path: 'edit', label: 'Edit' },
  { path: 'submissions', label: 'Submissions' },
  { path: 'settings', label: 'Settings' },
  { path: 'publish', label: 'Share' },
] as const;

/** The pages of one form, the same row on each of them. */
export function FormPageNav({ formId }: { formId: number }) {
  return (
    <nav
      aria-label="Form pages"
      className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800"
    >
      {PAGES.map(({ path, label }) => (
        <NavLink
          key={path}
          to={`/forms/${formId}/${path}`}
          className={({ isActive }) =>
            cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500',
              isActive
                ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )
          }
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
