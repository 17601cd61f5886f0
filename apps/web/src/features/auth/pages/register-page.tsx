import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function RegisterPage() {
  return <ComingSoon title="Create your account" />;
}
