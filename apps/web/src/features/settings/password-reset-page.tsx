import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function PasswordResetPage() {
  return <ComingSoon title="Reset Password" />;
}
