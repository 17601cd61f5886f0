import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function DemoPage() {
  return <ComingSoon title="Demo" />;
}
