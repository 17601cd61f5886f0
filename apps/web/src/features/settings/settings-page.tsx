import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function SettingsPage() {
  return <ComingSoon title="Settings" />;
}
