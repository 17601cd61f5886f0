import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function LoginPage() {
  return <ComingSoon title="Sign in" />;
}
