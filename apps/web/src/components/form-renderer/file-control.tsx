import { fileSizeText, maxFilesOf, takesManyFiles } from '@formsmith/core/fields/files';
import { type FormField, rulesOf } from '@formsmith/core/forms/field';
import { useEffect, useRef } from 'react';
import { useChrome } from './chrome-context.ts';
import {
  type ControlAttributes,
  type FieldValue,
  type FileStatus,
  type FileValue,
  fileValues,
  formatBytes,
} from './values.ts';

type FileControlProps = ControlAttributes & {
  field: FormField;
  value: FieldValue;
  status?: FileStatus;
  onSelect?: (files: File[]) => void;
  /** Removes one file (by its place in the list), or the one file. */
  onRemove: (index: number) => void;
};

/** One chosen file: its name and size, and a Remove button named after it. */
function ChosenFile(props: {
  field: FormField;
  file: FileValue;
  disabled?: boolean;
  removeValue: string;
  onRemove: () => void;
}) {
  const { t, locale } = useChrome();
  const { file } = props;
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900">
      {/* A long name wraps rather than hide its end or the size after it (on a phone). */}
      <span className="min-w-0 break-all">
        <span className="font-medium">{file.name}</span>{' '}
        <span className="whitespace-nowrap text-slate-600 dark:text-slate-400">
          ({formatBytes(file.size, locale)})
        </span>
      </span>
      <button
        // Without JavaScript it posts the page, which comes back without the file.
        type="submit"
        name="_action"
        value={props.removeValue}
        formNoValidate
        onClick={(e) => {
          e.preventDefault();
          props.onRemove();
        }}
        disabled={props.disabled}
        aria-label={t('file.removeNamed', { name: file.name })}
        className="shrink-0 rounded-md px-2 py-1 font-medium text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
      >
        {t('file.remove')}
      </button>
    </div>
  );
}

/**
 * A real file input; a chosen file shows its name and size with a Remove button. A field that
 * takes several files lists each chosen one and keeps the input (`multiple`) until it is full.
 */
export function FileControl({ field, value, status, onSelect, onRemove, ...input }: FileControlProps) {
  const accept = rulesOf(field).accept?.join(',');
  const { t } = useChrome();
  const many = takesManyFiles(field);
  // The page is drawn by the server and works before its script: files chosen in that input
  // before this control loaded are still in it, with no change event to tell. Take them now.
  const fileInput = useRef<HTMLInputElement>(null);
  const takeEarlyFiles = useRef(onSelect);
  useEffect(() => {
    const early = [...(fileInput.current?.files ?? [])];
    if (early.length === 0 || !fileInput.current) return;
    takeEarlyFiles.current?.(early);
    fileInput.current.value = '';
  }, []);
  const files = fileValues(value);
  const max = maxFilesOf(field);
  const total = rulesOf(field).maxTotalSize;
  const chosen = files.map((file, index) => (
    <li key={file.upload_id ?? `${file.name}-${index}`}>
      <ChosenFile
        field={field}
        file={file}
        disabled={input.disabled}
        removeValue={many && file.upload_id ? `remove:${field.id}:${file.upload_id}` : `remove:${field.id}`}
        onRemove={() => onRemove(index)}
      />
    </li>
  ));
  const [one] = files;
  if (!many && one)
    return (
      <ChosenFile
        field={field}
        file={one}
        disabled={input.disabled}
        removeValue={`remove:${field.id}`}
        onRemove={() => onRemove(0)}
      />
    );
  const hintId = `${input.id}-limits`;
  const describedBy = many ? [input['aria-describedby'], hintId].filter(Boolean).join(' ') : undefined;
  return (
    <div className="space-y-2">
      {files.length > 0 && <ul className="space-y-2">{chosen}</ul>}
      {files.length < max && (
        <input
          {...input}
          {...(describedBy ? { 'aria-describedby': describedBy } : {})}
          ref={fileInput}
          type="file"
          multiple={many}
          accept={accept}
          disabled={input.disabled || status?.uploading}
          className="block w-full max-w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700 hover:file:bg-brand-100 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-100"
          onChange={(e) => {
            const picked = [...(e.target.files ?? [])];
            if (picked.length > 0) onSelect?.(picked);
            e.target.value = '';
          }}
        />
      )}
      {many && (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {total === undefined
            ? t('file.upTo', { n: max })
            : t('file.upToTotal', { n: max, size: fileSizeText(total) })}
        </p>
      )}
      {status?.uploading && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {t('file.uploading')}
        </p>
      )}
    </div>
  );
}
