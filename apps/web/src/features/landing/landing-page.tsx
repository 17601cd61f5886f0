import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function LandingPage() {
  return <ComingSoon title="Formsmith" />;
}
