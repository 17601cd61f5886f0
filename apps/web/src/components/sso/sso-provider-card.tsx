import type { SsoConnectionAnswer } from '@formsmith/core/sso/api';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTimedValue } from '../../lib/use-timed-flag.ts';
import { Card, CardBody, CardHeader } from '../ui/card.tsx';
import type { ConfirmAction } from '../ui/confirm-dialog.tsx';
import { ErrorFallback } from '../ui/error-boundary.tsx';
import { Spinner } from '../ui/feedback.tsx';
import { SsoProviderForm, type SsoSave } from './sso-provider-form.tsx';

/**
 * A card around the provider's form, loading it and keeping "Saved" shown: a workspace's provider
 * on its Members page, or the instance's own on the administrator's page.
 */
export function SsoProviderCard(props: {
  kind: 'workspace' | 'instance';
  title: string;
  intro: ReactNode;
  query: UseQueryResult<SsoConnectionAnswer>;
  save: SsoSave;
  remove: ConfirmAction;
}) {
  const { query: sso } = props;
  const heading = useId();
  // Held here: a save starts the form afresh, and "Saved" must outlive that.
  const [saved, showSaved] = useTimedValue<true>(2500);
  return (
    <Card role="region" aria-labelledby={heading}>
      <CardHeader>
        <h2 id={heading} className="text-lg font-semibold">
          {props.title}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{props.intro}</p>
      </CardHeader>
      <CardBody className="space-y-5">
        {sso.isPending && <Spinner label={`Loading ${props.title.toLowerCase()}`} />}
        {sso.isError && <ErrorFallback error={sso.error} onRetry={() => sso.refetch()} />}
        {sso.data && (
          // Keyed: a save or a removal starts the form afresh from what the server holds.
          <SsoProviderForm
            key={sso.data.connection?.updated_at ?? 'none'}
            kind={props.kind}
            answer={sso.data}
            save={props.save}
            remove={props.remove}
            saved={saved === true}
            onSaved={() => showSaved(true)}
          />
        )}
      </CardBody>
    </Card>
  );
}
