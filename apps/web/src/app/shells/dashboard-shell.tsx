import { Link, Outlet } from 'react-router';

/** Authenticated shell: top bar, sidebar, content. */
export function DashboardShell() {
  return (
    <div className="flex min-h-screen">
      <nav className="w-56 border-r border-slate-200 p-4 dark:border-slate-800" aria-label="Sidebar">
        <Link to="/">Formsmith</Link>
        <ul className="mt-4 space-y-2">
          <li>
            <Link to="/dashboard">Dashboard</Link>
          </li>
          <li>
            <Link to="/dashboard/forms">Forms</Link>
          </li>
          <li>
            <Link to="/dashboard/analytics">Analytics</Link>
          </li>
          <li>
            <Link to="/dashboard/submissions">Submissions</Link>
          </li>
          <li>
            <Link to="/dashboard/settings">Settings</Link>
          </li>
          <li>
            <Link to="/forms/new">New Form</Link>
          </li>
          <li>
            <Link to="/forms/ai-builder">AI Form Builder</Link>
          </li>
        </ul>
      </nav>
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
