import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function FillPage() {
  return <ComingSoon title="Form" />;
}
