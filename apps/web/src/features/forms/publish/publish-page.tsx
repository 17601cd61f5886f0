import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function PublishPage() {
  return <ComingSoon title="Publish and share" />;
}
