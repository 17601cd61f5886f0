import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function FormsListPage() {
  return <ComingSoon title="Your Forms" />;
}
