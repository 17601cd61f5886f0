import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function SearchPage() {
  return <ComingSoon title="Search" />;
}
