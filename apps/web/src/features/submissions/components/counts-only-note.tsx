import { BarChart3 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/feedback.tsx';

/** Said instead of the table to a viewer of a form that shows its viewers only counts. */
export function CountsOnlyNote({ onShowAnalytics }: { onShowAnalytics: () => void }) {
  return (
    <EmptyState
      title="This form shows viewers only counts"
      icon={<BarChart3 aria-hidden="true" className="h-10 w-10 text-slate-400 dark:text-slate-500" />}
    >
      <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">
        You can see how many responses came in and the charts in Analytics, but not the answers themselves. If
        you need to read them, ask an editor of the workspace.
      </p>
      <Button variant="secondary" onClick={onShowAnalytics}>
        Open Analytics
      </Button>
    </EmptyState>
  );
}
