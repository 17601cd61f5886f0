import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function ForgotPasswordPage() {
  return <ComingSoon title="Forgot password" />;
}
