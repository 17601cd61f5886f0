import { useSearchParams } from 'react-router';
import { Alert, Spinner } from '../../components/ui/feedback.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { AccountTab } from './components/account-tab.tsx';
import { BillingTab } from './components/billing-tab.tsx';
import { NotificationsTab } from './components/notifications-tab.tsx';
import { SecurityTab } from './components/security-tab.tsx';

const TABS = ['account', 'notifications', 'security', 'billing'] as const;
type Tab = (typeof TABS)[number];

/** /dashboard/settings: Account, Notifications (Alerts on phones), Security and Billing tabs. */
export function SettingsPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'account';

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Settings</h1>
      {user.isPending && <Spinner className="mt-6" label="Loading settings" />}
      {user.isError && (
        <Alert tone="error" className="mt-6">
          Failed to fetch user profile
        </Alert>
      )}
      {user.data && (
        <Tabs
          value={tab}
          onValueChange={(next) => setParams(next === 'account' ? {} : { tab: next }, { replace: true })}
          className="mt-6"
        >
          <TabsList
            aria-label="Settings sections"
            className="grid w-full grid-cols-4 sm:inline-flex sm:w-auto"
          >
            <TabsTrigger value="account">Account</TabsTrigger>
            <TabsTrigger value="notifications">
              <span className="sm:hidden">Alerts</span>
              <span className="hidden sm:inline">Notifications</span>
            </TabsTrigger>
            <TabsTrigger value="security">Security</TabsTrigger>
            <TabsTrigger value="billing">Billing</TabsTrigger>
          </TabsList>
          <TabsContent value="account" className="mt-6">
            <AccountTab user={user.data} />
          </TabsContent>
          <TabsContent value="notifications" className="mt-6">
            <NotificationsTab />
          </TabsContent>
          <TabsContent value="security" className="mt-6">
            <SecurityTab email={user.data.email} />
          </TabsContent>
          <TabsContent value="billing" className="mt-6">
            <BillingTab />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
