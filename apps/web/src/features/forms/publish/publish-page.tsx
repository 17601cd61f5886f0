import { Link, useParams } from 'react-router';
import { FormPageNav } from '../../../components/form-page-nav.tsx';
import { ErrorBoundary } from '../../../components/ui/error-boundary.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { useForm } from '../../../lib/forms-api/get-form.ts';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';
import { EmbedCard } from './embed-card.tsx';
import { PublicationCard } from './publication-card.tsx';
import { QrCodeCard } from './qr-code-card.tsx';

export type PageMessage = { tone: 'success' | 'error'; text: string };

/** /forms/:formId/publish: publication, the link, QR code and embed code. */
export function PublishPage() {
  const { formId } = useParams();
  const id = formId && /^\d+$/.test(formId) ? Number(formId) : undefined;
  return (
    <ErrorBoundary>
      <section className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 lg:px-8">
        {id === undefined ? <Alert tone="error">Form ID is required</Alert> : <PublishContent id={id} />}
      </section>
    </ErrorBoundary>
  );
}

function PublishContent({ id }: { id: number }) {
  const form = useForm(id);
  // Page-level banners: publish results and sharing results, each shown for 3 s.
  const [message, showMessage] = useTimedValue<PageMessage>(3000);

  if (form.isPending)
    return (
      <div className="flex justify-center py-20">
        <Spinner label="Loading form" />
      </div>
    );
  if (form.isError)
    return (
      <Alert tone="error" className="mt-4">
        Failed to load form data
      </Alert>
    );

  const data = form.data;
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Publish and share</h1>
          <p className="mt-1 break-words text-slate-600 dark:text-slate-300">{data.title}</p>
        </div>
        <FormPageNav formId={data.id} />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Who can respond, the form's custom address and when it closes are in{' '}
        <Link
          to={`/forms/${data.id}/settings`}
          className="font-medium text-brand-700 underline dark:text-brand-300"
        >
          Settings
        </Link>
        .
      </p>
      <div aria-live="polite">
        {message && (
          <Alert tone={message.tone} key={message.text}>
            {message.text}
          </Alert>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <PublicationCard form={data} onMessage={showMessage} />
        {data.isPublished && data.sharing.shareUrl && (
          <>
            <QrCodeCard formId={data.id} url={data.sharing.shareUrl} />
            <EmbedCard form={data} />
          </>
        )}
      </div>
    </div>
  );
}
