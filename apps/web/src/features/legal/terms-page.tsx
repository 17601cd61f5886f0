import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function TermsPage() {
  return <ComingSoon title="Terms of Service" />;
}
