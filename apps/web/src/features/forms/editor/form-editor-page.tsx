import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function FormEditorPage() {
  return <ComingSoon title="Form editor" />;
}
