import { ComingSoon } from '../../components/ui/coming-soon.tsx';

export function SubmissionsPage() {
  return <ComingSoon title="Form Submissions" />;
}
