import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function MagicLinkPage() {
  return <ComingSoon title="Magic link" />;
}
