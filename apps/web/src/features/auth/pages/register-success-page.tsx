import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function RegisterSuccessPage() {
  return <ComingSoon title="Check your email" />;
}
