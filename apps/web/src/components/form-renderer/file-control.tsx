import { type FormField, rulesOf } from '@formsmith/core/forms/field';
import { useChrome } from './chrome-context.ts';
import { type ControlAttributes, type FileStatus, type FileValue, formatBytes } from './values.ts';

type FileControlProps = ControlAttributes & {
  field: FormField;
  value: FileValue | null;
  status?: FileStatus;
  onSelect?: (file: File) => void;
  onRemove: () => void;
};

/** A real file input; once a file is chosen it shows its name and size with a Remove button. */
export function FileControl({ field, value, status, onSelect, onRemove, ...input }: FileControlProps) {
  const accept = rulesOf(field).accept?.join(',');
  const { t, locale } = useChrome();
  if (value) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900">
        <span className="min-w-0 truncate">
          <span className="font-medium">{value.name}</span>{' '}
          <span className="text-slate-600 dark:text-slate-400">({formatBytes(value.size, locale)})</span>
        </span>
        <button
          // Without JavaScript it posts the page, which comes back without the file.
          type="submit"
          name="_action"
          value={`remove:${field.id}`}
          formNoValidate
          onClick={(e) => {
            e.preventDefault();
            onRemove();
          }}
          disabled={input.disabled}
          aria-label={t('file.removeNamed', { name: value.name })}
          className="rounded-md px-2 py-1 font-medium text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
        >
          {t('file.remove')}
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <input
        {...input}
        type="file"
        accept={accept}
        disabled={input.disabled || status?.uploading}
        className="block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700 hover:file:bg-brand-100 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-100"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onSelect?.(file);
          e.target.value = '';
        }}
      />
      {status?.uploading && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {t('file.uploading')}
        </p>
      )}
    </div>
  );
}
