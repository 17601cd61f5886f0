import { Link, Outlet } from 'react-router';

/** Header with 'Sign In' and 'Get Started'; footer with SPEC's links. */
export function PublicShell() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <nav className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3" aria-label="Main">
          <Link to="/" className="text-lg font-bold text-brand-600 dark:text-brand-100">
            Formsmith
          </Link>
          <div className="flex gap-3">
            <Link to="/login">Sign In</Link>
            <Link to="/register">Get Started</Link>
          </div>
        </nav>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 py-6 text-sm dark:border-slate-800">
        <nav className="mx-auto flex max-w-6xl flex-wrap gap-4 px-4" aria-label="Footer">
          <Link to="/">Home</Link>
          <Link to="/login">Sign In</Link>
          <Link to="/register">Get Started</Link>
          <Link to="/dashboard">Dashboard</Link>
          <Link to="/forms/new">Create Form</Link>
          <Link to="/forms/ai-builder">AI Form Builder</Link>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
        </nav>
      </footer>
    </div>
  );
}
