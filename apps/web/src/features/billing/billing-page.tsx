import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function BillingPage() {
  return <ComingSoon title="Billing" />;
}
