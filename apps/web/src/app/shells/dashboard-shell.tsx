import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ui/error-boundary.tsx';
import { Logo, SkipLink } from './logo.tsx';
import { shellTitleFor } from './page-title.ts';
import { SidebarNav } from './sidebar-nav.tsx';
import { TopBar } from './top-bar.tsx';
import { VerifyBanner } from './verify-banner.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

function SidebarFooter() {
  return (
    <div className="m-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm dark:border-slate-800 dark:bg-slate-900">
      <p className="font-semibold text-brand-700 dark:text-brand-100">Free during the beta</p>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Every feature, no billing. Self-hosted, your data stays yours.
      </p>
    </div>
  );
}

/**
 * Pages that need the whole width: the form editor (palette, canvas and properties side by side).
 * There the sidebar is folded away on every screen and opens as a drawer from the menu button.
 */
const WIDE_PAGES = [/^\/forms\/new$/, /^\/create$/, /^\/forms\/ai-builder$/, /^\/forms\/[^/]+\/edit$/];

export function isWidePage(pathname: string): boolean {
  return WIDE_PAGES.some((page) => page.test(pathname));
}

/** On phones (and on wide pages) the sidebar becomes a drawer opened from the top bar's menu button. */
function MobileDrawer({
  open,
  onOpenChange,
  wide,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wide: boolean;
}) {
  const close = () => onOpenChange(false);
  const onPhonesOnly = wide ? '' : 'lg:hidden';
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={`fixed inset-0 z-40 bg-slate-950/50 ${onPhonesOnly}`} />
        <Dialog.Content
          className={`fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl dark:bg-slate-950 ${onPhonesOnly}`}
        >
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <Dialog.Description className="sr-only">Links to every part of your dashboard</Dialog.Description>
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4 dark:border-slate-800">
            <Logo onClick={close} />
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <WorkspaceSwitcher onNavigate={close} />
          <SidebarNav onNavigate={close} />
          <SidebarFooter />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Authenticated shell: sidebar (a drawer on phones), top bar, content. */
export function DashboardShell() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const title = shellTitleFor(pathname);
  const wide = isWidePage(pathname);

  useEffect(() => {
    document.title = `${title} · Formsmith`;
  }, [title]);

  return (
    <div className="min-h-screen">
      <SkipLink />
      <ScrollRestoration />
      <aside
        className={`fixed inset-y-0 left-0 z-40 hidden w-64 flex-col border-r border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950 ${wide ? '' : 'lg:flex'}`}
      >
        <div className="flex h-16 items-center border-b border-slate-200 px-5 dark:border-slate-800">
          <Logo />
        </div>
        <WorkspaceSwitcher />
        <SidebarNav />
        <SidebarFooter />
      </aside>
      <MobileDrawer open={menuOpen} onOpenChange={setMenuOpen} wide={wide} />
      <div className={`flex min-h-screen flex-col ${wide ? '' : 'lg:pl-64'}`}>
        <TopBar title={title} menuEverywhere={wide} onOpenMenu={() => setMenuOpen(true)} />
        <VerifyBanner />
        <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
          <ErrorBoundary resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
