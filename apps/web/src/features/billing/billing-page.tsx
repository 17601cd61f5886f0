import { Check, Gift } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardBody } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { useInstance } from '../../lib/instance-api/get-instance.ts';

const INCLUDED = [
  'Unlimited forms and submissions',
  'AI form generation',
  'Analytics and CSV export',
  'No payment details stored',
];

/**
 * /dashboard/billing: the beta notice (no billing features during the beta), and the operator's
 * support page when they named one (SUPPORT_URL).
 */
export function BillingPage() {
  const supportUrl = useInstance().data?.support_url ?? null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Billing</h1>
      <Card className="mt-6">
        <CardBody className="p-6 sm:p-8">
          <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
              <Gift aria-hidden="true" className="h-6 w-6" />
            </span>
            <div>
              <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
                Free during the beta period
              </h2>
              <p className="mt-2 text-slate-600 dark:text-slate-300">
                Formsmith is offered at no cost during the beta period. There are no billing features: no
                plans to choose, no invoices and nothing to pay.
              </p>
              <ul className="mt-5 grid gap-2 sm:grid-cols-2">
                {INCLUDED.map((item) => (
                  <li
                    key={item}
                    className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300"
                  >
                    <Check aria-hidden="true" className="h-4 w-4 text-emerald-600 dark:text-emerald-400" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </CardBody>
      </Card>
      {supportUrl && (
        <Card className="mt-6">
          <CardBody className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="font-semibold text-slate-900 dark:text-white">Want to support Formsmith?</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Optional one-time contributions keep the project free and independent.
              </p>
            </div>
            <a
              href={supportUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(buttonClasses('secondary'), 'shrink-0 whitespace-nowrap')}
            >
              See support options
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </CardBody>
        </Card>
      )}
    </div>
  );
}
