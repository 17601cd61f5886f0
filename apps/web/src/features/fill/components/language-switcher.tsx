import { languageName } from '@formsmith/core/i18n/language';
import { useId } from 'react';
import { useChrome } from '../../../components/form-renderer/chrome-context.ts';

/** The form's languages, each named in itself; changing it keeps every answer. */
export function LanguageSwitcher(props: {
  languages: string[];
  value: string;
  onChange: (tag: string) => void;
}) {
  const { t } = useChrome();
  const id = useId();
  return (
    <div className="mb-6 flex items-center justify-end gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {t('form.language')}
      </label>
      <select
        id={id}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        className="h-9 rounded-lg border border-slate-300 bg-white ps-2 pe-8 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
      >
        {props.languages.map((tag) => (
          <option key={tag} value={tag} lang={tag}>
            {languageName(tag)}
          </option>
        ))}
      </select>
    </div>
  );
}
