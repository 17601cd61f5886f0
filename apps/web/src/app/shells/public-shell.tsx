import { useEffect } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { ErrorBoundary } from '../../components/ui/error-boundary.tsx';
import { ThemeToggle } from '../../components/ui/theme-toggle.tsx';
import { cn } from '../../lib/cn.ts';
import { tokenTimeLeft } from '../../lib/session.ts';
import { Logo, SkipLink } from './logo.tsx';

// The footer links, in the order the e2e journey checks.
const FOOTER_GROUPS = [
  {
    title: 'Formsmith',
    links: [
      { to: '/', label: 'Home' },
      { to: '/login', label: 'Sign In' },
      { to: '/register', label: 'Get Started' },
    ],
  },
  {
    title: 'Product',
    links: [
      { to: '/dashboard', label: 'Dashboard' },
      { to: '/forms/new', label: 'Create Form' },
      { to: '/forms/ai-builder', label: 'AI Form Builder' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
    ],
  },
] as const;

const PAGE_TITLES: Record<string, string> = {
  '/': 'Formsmith: AI-assisted, self-hosted form builder',
  '/privacy': 'Privacy Policy · Formsmith',
  '/terms': 'Terms of Service · Formsmith',
  '/help': 'Help · Formsmith',
  '/demo': 'Demo · Formsmith',
  '/login': 'Sign In · Formsmith',
  '/register': 'Get Started · Formsmith',
};

/** Header with 'Sign In' and 'Get Started' (or 'Go to dashboard' when signed in); footer links. */
export function PublicShell() {
  const { pathname } = useLocation();
  // Read on each navigation: signing in or out elsewhere shows on the next page.
  const signedIn = tokenTimeLeft() > 0;
  useEffect(() => {
    document.title = PAGE_TITLES[pathname] ?? 'Formsmith';
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <ScrollRestoration />
      <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur dark:border-slate-800/80 dark:bg-slate-950/85">
        <nav
          className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6"
          aria-label="Main"
        >
          {/* On the narrowest phones the mark stands alone, so both actions keep their words. */}
          <Logo className="[&>span:last-child]:max-[389px]:sr-only" />
          <div className="flex items-center gap-0.5 whitespace-nowrap sm:gap-2">
            <ThemeToggle />
            {signedIn ? (
              <Link to="/dashboard" className={cn(buttonClasses('primary', 'sm'), 'px-3 sm:h-10 sm:px-4')}>
                Go to dashboard
              </Link>
            ) : (
              <>
                <Link to="/login" className={cn(buttonClasses('ghost', 'sm'), 'px-2.5 sm:h-10 sm:px-4')}>
                  Sign In
                </Link>
                <Link to="/register" className={cn(buttonClasses('primary', 'sm'), 'px-3 sm:h-10 sm:px-4')}>
                  Get Started
                </Link>
              </>
            )}
          </div>
        </nav>
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_3fr]">
          <div className="max-w-xs">
            <Logo />
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              Build, share and analyse forms on your own server. Private by design, free during the beta.
            </p>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3">
            {FOOTER_GROUPS.map((group) => (
              <div key={group.title}>
                <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{group.title}</h2>
                <ul className="mt-3 space-y-2 text-sm">
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <Link
                        to={link.to}
                        className="text-slate-600 hover:text-brand-700 dark:text-slate-400 dark:hover:text-white"
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="border-t border-slate-200 dark:border-slate-800">
          <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-slate-500 sm:px-6 dark:text-slate-400">
            © {new Date().getFullYear()} Formsmith. Self-hosted form builder.
          </p>
        </div>
      </footer>
    </div>
  );
}
