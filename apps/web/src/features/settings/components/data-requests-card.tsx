import type { RequestType } from '@formsmith/core/account/api';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert, Badge, Spinner } from '../../../components/ui/feedback.tsx';
import { useDataRequests, useDownloadMyData } from '../api/data-requests.ts';
import { DeleteDataDialog } from './delete-data-dialog.tsx';
import { formatDate } from './format.ts';

const TYPE_LABELS: Record<RequestType, string> = {
  access: 'Data Access Request',
  delete: 'Data Deletion Request',
  portability: 'Data Portability Request',
};

const STATUS_TONES = {
  completed: 'success',
  pending: 'warning',
  processing: 'brand',
  rejected: 'neutral',
} as const;

/** The account's data protection requests, the JSON download and the account deletion. */
export function DataRequestsCard({ email }: { email: string }) {
  const requests = useDataRequests();
  const download = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Data Protection Requests</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Download everything your account holds, or delete your account and all its data.
        </p>
      </CardHeader>
      <CardBody className="space-y-4">
        {requests.isPending && <Spinner label="Loading data protection requests" />}
        {requests.isError && <Alert tone="error">Failed to fetch data protection requests</Alert>}
        {requests.data?.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400">No data protection requests yet</p>
        )}
        {requests.data && requests.data.length > 0 && (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {requests.data.map((request) => (
              <li
                key={request.id}
                className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div>
                  <p className="text-sm font-medium">{TYPE_LABELS[request.request_type]}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    Created {formatDate(request.created_at)}
                    {request.completion_date && ` · Completed ${formatDate(request.completion_date)}`}
                  </p>
                </div>
                <span className="self-start sm:self-center">
                  <Badge tone={STATUS_TONES[request.status]}>{request.status}</Badge>
                </span>
              </li>
            ))}
          </ul>
        )}
        {download.isError && <Alert tone="error">Failed to create data request</Alert>}
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {download.isPending ? 'Preparing...' : 'Download My Data'}
          </Button>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete My Data
          </Button>
        </div>
      </CardBody>
      <DeleteDataDialog open={deleting} onOpenChange={setDeleting} email={email} />
    </Card>
  );
}
