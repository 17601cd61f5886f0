import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function ProfilePage() {
  return <ComingSoon title="Profile" />;
}
