import { type AnalyticsRange, DEFAULT_ANALYTICS_RANGE } from '@formsmith/core/analytics/format';
import type { Form } from '@formsmith/core/forms/form';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import type { FormAnalyticsPanelProps } from '../../../components/analytics/form-analytics-panel.tsx';
import { Card, CardBody } from '../../../components/ui/card.tsx';
import { ErrorBoundary } from '../../../components/ui/error-boundary.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { SealedAnalyticsCard } from './sealed-analytics-card.tsx';
import { SummaryReportLinks } from './summary-report-links.tsx';

type PanelModule = {
  FormAnalyticsPanel?: ComponentType<FormAnalyticsPanelProps>;
  default?: ComponentType<FormAnalyticsPanelProps>;
};

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

/**
 * The Analytics tab: the form's analytics panel, loaded only when the tab is opened, and for an
 * end-to-end encrypted form the answer figures the unlocked browser computes, over the same range
 * (not for a viewer who sees only counts: `answers` false).
 */
export function AnalyticsTab({ formId, form, answers }: { formId: number; form: Form; answers: boolean }) {
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
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
        <Panel formId={formId} range={range} onRangeChange={setRange}>
          {answers && <SealedAnalyticsCard formId={formId} form={form} range={range} />}
          <SummaryReportLinks formId={formId} title={form.title} range={range} />
        </Panel>
      </Suspense>
    </ErrorBoundary>
  );
}
