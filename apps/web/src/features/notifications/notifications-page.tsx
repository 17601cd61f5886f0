import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function NotificationsPage() {
  return <ComingSoon title="Notifications" />;
}
