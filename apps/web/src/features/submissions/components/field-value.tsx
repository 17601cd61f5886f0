import { addressLines } from '@formsmith/core/fields/address';
import { formatAnswer } from '@formsmith/core/fields/answer-format';
import { DATE_RANGE_PARTS, dateRangePart } from '@formsmith/core/fields/date-range';
import { fileSizeText } from '@formsmith/core/fields/files';
import { isOtherText } from '@formsmith/core/fields/other';
import { isRecord } from '@formsmith/core/fields/read';
import { readSignature, SIGNATURE_FONT_STACK } from '@formsmith/core/fields/signature';
import type { FormField } from '@formsmith/core/forms/field';
import { Download, FileText } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '../../../components/ui/error-boundary.tsx';
import { useUnlockedKey } from '../../../lib/form-keys/unlocked-keys.ts';
import {
  downloadSealedFile,
  downloadSubmissionFile,
  fetchSubmissionFile,
  fetchSubmissionThumbnail,
} from '../api/download.ts';
import { formatDateAnswer } from '../lib/format.ts';

const ERROR_TEXT = 'Error displaying value';

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function muted(text: string) {
  return <span className="italic text-slate-500 dark:text-slate-400">{text}</span>;
}

/**
 * A file answer; `file_id` and `type` come with an end-to-end encrypted file (in its sealed answer),
 * `mime` and `size` as the respondent's browser reported them.
 */
type FileAnswer = {
  upload_id: string;
  name: string;
  file_id?: string;
  type?: string;
  mime?: string;
  size?: number;
};

/** Pictures the server makes thumbnails of. */
const THUMBNAIL_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

function fileAnswers(value: unknown): FileAnswer[] {
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const record = item as Record<string, unknown>;
    const id = record.upload_id ?? record.uploadId;
    if (typeof id !== 'string') return [];
    const name = record.name ?? record.filename;
    const sealed =
      typeof record.file_id === 'string' ? { file_id: record.file_id, type: String(record.type ?? '') } : {};
    const about = {
      ...(typeof record.type === 'string' ? { mime: record.type } : {}),
      ...(typeof record.size === 'number' && record.size >= 0 ? { size: record.size } : {}),
    };
    return [{ upload_id: id, name: typeof name === 'string' ? name : 'file', ...sealed, ...about }];
  });
}

function FileDownload({
  file,
  formId,
  submissionId,
}: {
  file: FileAnswer;
  formId: number;
  submissionId: string;
}) {
  const [error, setError] = useState(false);
  const key = useUnlockedKey(formId);
  const download = () => {
    const target = { formId, submissionId, uploadId: file.upload_id, filename: file.name };
    if (!file.file_id) return downloadSubmissionFile(target);
    if (!key) throw new Error('locked');
    return downloadSealedFile({ ...target, fileId: file.file_id, type: file.type ?? '', key });
  };
  const onDownload = async () => {
    setError(false);
    try {
      await download();
    } catch {
      setError(true);
    }
  };
  const failure = error && (
    <span role="alert" className="text-sm text-red-700 dark:text-red-300">
      The file could not be downloaded.
    </span>
  );
  // A picture in clear: its thumbnail from the server; clicking it downloads the whole file.
  if (!file.file_id && file.mime && THUMBNAIL_TYPES.has(file.mime)) {
    return (
      <span className="flex flex-col items-start gap-1">
        <Thumbnail file={file} formId={formId} submissionId={submissionId} onOpen={onDownload} />
        <span className="break-all text-sm">
          {file.name}
          {file.size !== undefined && (
            <span className="text-slate-600 dark:text-slate-400"> · {fileSizeText(file.size)}</span>
          )}
        </span>
        {failure}
      </span>
    );
  }
  const isPdf = file.mime === 'application/pdf' || /\.pdf$/i.test(file.name);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {isPdf && (
        <FileText aria-label="PDF" role="img" className="h-4 w-4 shrink-0 text-red-700 dark:text-red-300" />
      )}
      <span className="break-all">{file.name}</span>
      {file.size !== undefined && (
        <span className="text-sm text-slate-600 dark:text-slate-400">{fileSizeText(file.size)}</span>
      )}
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800"
        onClick={onDownload}
      >
        <Download aria-hidden="true" className="h-4 w-4" />
        Download file
      </button>
      {failure}
    </span>
  );
}

/**
 * A file the owner's session fetches (a thumbnail, a signature), shown from memory as an object
 * URL: fetched again when `source` (what names the file) changes, not fetched while it is null,
 * and let go when the component goes.
 */
function useFetchedUrl(
  source: string | null,
  load: () => Promise<Blob>,
): { src: string | null; failed: boolean } {
  const loader = useRef(load);
  loader.current = load;
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (source === null) return;
    let url: string | null = null;
    let live = true;
    loader
      .current()
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => setFailed(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [source]);
  return { src, failed };
}

/**
 * A picture's thumbnail, asked of the server only once it scrolls into view (the owner's session
 * goes with the request, so it is fetched and shown from memory); alt text is the file's name.
 */
function Thumbnail({
  file,
  formId,
  submissionId,
  onOpen,
}: {
  file: FileAnswer;
  formId: number;
  submissionId: string;
  onOpen: () => void;
}) {
  const box = useRef<HTMLButtonElement>(null);
  const [visible, setVisible] = useState(false);
  const { src, failed } = useFetchedUrl(visible ? `${formId}/${submissionId}/${file.upload_id}` : null, () =>
    fetchSubmissionThumbnail({ formId, submissionId, uploadId: file.upload_id }),
  );
  useEffect(() => {
    const node = box.current;
    if (!node || visible) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const watch = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setVisible(true);
    });
    watch.observe(node);
    return () => watch.disconnect();
  }, [visible]);
  return (
    <button
      type="button"
      ref={box}
      onClick={onOpen}
      aria-label={`Download ${file.name}`}
      className="flex h-40 w-40 max-w-full items-center justify-center overflow-hidden rounded-md border border-slate-300 bg-slate-50 hover:border-brand-500 dark:border-slate-600 dark:bg-slate-800"
    >
      {src ? (
        <img src={src} alt={file.name} className="max-h-full max-w-full object-contain" />
      ) : (
        <span className="px-2 text-center text-xs text-slate-600 dark:text-slate-300">
          {failed ? 'No preview' : 'Loading preview…'}
        </span>
      )}
    </button>
  );
}

/**
 * A signature: its PNG, fetched with the owner's session (opened here for an encrypted form), or a
 * name typed on a page without JavaScript, in the script font it was signed in; then how and when.
 */
function SignatureValue({ value, formId, submissionId }: Omit<ValueProps, 'field'>) {
  const signature = readSignature(value);
  const key = useUnlockedKey(formId);
  const uploadId = signature?.upload_id;
  const fileId = isRecord(value) && typeof value.file_id === 'string' ? value.file_id : undefined;
  // An encrypted signature waits for the form's key to be unlocked.
  const readable = Boolean(uploadId) && (!fileId || key !== null);
  const { src, failed } = useFetchedUrl(
    readable ? `${formId}/${submissionId}/${uploadId}/${fileId ?? ''}/${key ? 'unlocked' : ''}` : null,
    () => {
      const target = { formId, submissionId, uploadId: uploadId ?? '' };
      return fetchSubmissionFile(fileId && key ? { ...target, fileId, type: 'image/png', key } : target);
    },
  );
  if (!signature) return formatAnswer(undefined, value) || muted('Not provided');
  const typed = signature.typed_name;
  const when = new Date(signature.signed_at).toLocaleString();
  return (
    <span className="flex flex-col items-start gap-1">
      {src && (
        <img
          src={src}
          alt={typed ? `Signature typed as ${typed}` : 'Drawn signature'}
          className="h-20 w-auto max-w-full rounded border border-slate-300 bg-white dark:border-slate-600"
        />
      )}
      {!uploadId && typed && (
        <span
          className="text-3xl text-slate-900 dark:text-slate-100"
          style={{ fontFamily: SIGNATURE_FONT_STACK }}
        >
          {typed}
        </span>
      )}
      {failed && muted('The signature could not be shown.')}
      <span className="text-sm text-slate-600 dark:text-slate-400">
        {signature.method === 'typed' ? `Typed${typed ? `: ${typed}` : ''}` : 'Drawn'} · signed {when}
      </span>
    </span>
  );
}

type ValueProps = { field: FormField | undefined; value: unknown; formId: number; submissionId: string };

/** An 'Other, please specify' answer: what the respondent typed, marked as their own words. */
function otherText(text: string) {
  return (
    <span className="whitespace-pre-wrap break-words">
      <span className="text-slate-600 dark:text-slate-400">Other: </span>
      {text}
    </span>
  );
}

function renderValue({ field, value, formId, submissionId }: ValueProps): ReactNode {
  if (field && typeof value === 'string' && isOtherText(field, value)) return otherText(value);
  if (field?.type === 'checkbox' || field?.type === 'picture_choice') {
    if (Array.isArray(value)) {
      const labels = value
        .map((v) => (isOtherText(field, v) ? otherText(String(v)) : formatAnswer(field, v)))
        .filter((t) => t !== '');
      if (labels.length === 0) return muted('Not provided');
      return (
        <ul className="list-inside list-disc space-y-0.5">
          {labels.map((label, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: answers may repeat
            <li key={i}>{label}</li>
          ))}
        </ul>
      );
    }
    if (field.type === 'checkbox' && (typeof value === 'boolean' || value === 'true' || value === 'false')) {
      return value === true || value === 'true' ? 'Yes' : 'No';
    }
  }
  if (isEmpty(value)) return muted('Not provided');
  if (field?.type === 'file') {
    const files = fileAnswers(value);
    if (files.length === 0) return formatAnswer(field, value) || muted('Not provided');
    return (
      <span className="flex flex-col gap-1">
        {files.map((file) => (
          <FileDownload key={file.upload_id} file={file} formId={formId} submissionId={submissionId} />
        ))}
      </span>
    );
  }
  if (field?.type === 'signature')
    return <SignatureValue value={value} formId={formId} submissionId={submissionId} />;
  if (field?.type === 'date' && typeof value === 'string') return formatDateAnswer(value);
  // A date range on one line, each date written as a date answer is: 2026-05-01 → 2026-05-04.
  if (field?.type === 'date_range' && typeof value === 'object') {
    const dates = DATE_RANGE_PARTS.map((part) => dateRangePart(value, part)).filter(Boolean);
    if (dates.length === 0) return muted('Not provided');
    return <span className="break-words">{dates.map(formatDateAnswer).join(' → ')}</span>;
  }
  // An address as an envelope reads it, one part a line (a table shows it as one line).
  if (field?.type === 'address' && typeof value === 'object') {
    const lines = addressLines(value);
    if (lines.length === 0) return muted('Not provided');
    return <span className="whitespace-pre-line break-words">{lines.join('\n')}</span>;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = formatAnswer(field, value);
  if (text === '') return muted('Not provided');
  if (field?.type === 'textarea') return <span className="whitespace-pre-wrap break-words">{text}</span>;
  return <span className="whitespace-pre-wrap break-words">{text}</span>;
}

function SafeValue(props: ValueProps) {
  try {
    return <>{renderValue(props)}</>;
  } catch {
    return muted(ERROR_TEXT);
  }
}

/** A field's answer, formatted by its type; anything that fails to render shows 'Error displaying value'. */
export function FieldValue(props: ValueProps) {
  return (
    <ErrorBoundary fallback={() => muted(ERROR_TEXT)}>
      <SafeValue {...props} />
    </ErrorBoundary>
  );
}
