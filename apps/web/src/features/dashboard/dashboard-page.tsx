import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function DashboardPage() {
  return <ComingSoon title="Dashboard" />;
}
