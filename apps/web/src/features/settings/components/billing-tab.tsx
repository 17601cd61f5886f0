import { Gift } from 'lucide-react';
import { Card, CardBody } from '../../../components/ui/card.tsx';

/** Billing tab: free during the beta, no billing features. */
export function BillingTab() {
  return (
    <Card>
      <CardBody className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
          <Gift aria-hidden="true" className="h-6 w-6" />
        </span>
        <div>
          <h2 className="text-lg font-semibold">Free during the beta period</h2>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Formsmith is offered at no cost during the beta period. There are no billing features: no plans,
            no invoices and nothing to pay.
          </p>
        </div>
      </CardBody>
    </Card>
  );
}
