import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function AnalyticsPage() {
  return <ComingSoon title="Analytics" />;
}
