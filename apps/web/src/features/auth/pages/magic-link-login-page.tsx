import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function MagicLinkLoginPage() {
  return <ComingSoon title="Logging you in" />;
}
