import { type ComponentType, lazy, Suspense } from 'react';
import { Card, CardBody } from '../../../components/ui/card.tsx';
import { ErrorBoundary } from '../../../components/ui/error-boundary.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';

type PanelProps = { formId: number };
type PanelModule = { FormAnalyticsPanel?: ComponentType<PanelProps>; default?: ComponentType<PanelProps> };

// The analytics panel is shared with the analytics dashboard; its chunk loads only when this tab
// opens (the tab's content is not mounted before). The glob is empty until that file exists.
const panelModules = import.meta.glob<PanelModule>('../../../components/analytics/form-analytics-panel.tsx');
const loadPanel = Object.values(panelModules)[0];

const Panel = loadPanel
  ? lazy(async () => {
      const mod = await loadPanel();
      const Component = mod.FormAnalyticsPanel ?? mod.default;
      if (!Component) throw new Error('Unable to load analytics. Please try again later.');
      return { default: Component };
    })
  : null;

/** The Analytics tab: the form's analytics panel, loaded only when the tab is opened. */
export function AnalyticsTab({ formId }: { formId: number }) {
  if (!Panel) {
    return (
      <Card>
        <CardBody>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            No analytics data available for this form yet.
          </p>
        </CardBody>
      </Card>
    );
  }
  return (
    <ErrorBoundary
      fallback={() => <Alert tone="error">Unable to load analytics. Please try again later.</Alert>}
    >
      <Suspense
        fallback={
          <div className="flex justify-center p-8">
            <Spinner label="Loading analytics" />
          </div>
        }
      >
        <Panel formId={formId} />
      </Suspense>
    </ErrorBoundary>
  );
}
