import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function MagicLinkSentPage() {
  return <ComingSoon title="Magic link sent" />;
}
