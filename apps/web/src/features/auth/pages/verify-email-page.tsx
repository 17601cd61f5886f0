import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function VerifyEmailPage() {
  return <ComingSoon title="Verify email" />;
}
