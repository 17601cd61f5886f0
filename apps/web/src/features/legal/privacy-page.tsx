import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function PrivacyPage() {
  return <ComingSoon title="Privacy Policy" />;
}
