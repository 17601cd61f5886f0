import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function HelpPage() {
  return <ComingSoon title="Help" />;
}
