import { translationStatus } from '@formsmith/core/i18n/localize';
import { Trash2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import { englishName } from './language-names.ts';
import type { TranslatableForm } from './settings-texts.ts';

type Props = {
  form: TranslatableForm;
  languages: string[];
  selected: string | null;
  onSelect: (tag: string) => void;
  onRemove: (tag: string) => void;
};

/** The form's added languages, each with how much of it is translated; one is open for translating. */
export function LanguageList({ form, languages, selected, onSelect, onRemove }: Props) {
  if (languages.length === 0)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        No other languages yet: respondents all see the {englishName(form.language)} texts.
      </p>
    );
  return (
    <ul aria-label="Languages" className="space-y-2">
      {languages.map((tag) => {
        const status = translationStatus(form, tag);
        const share = status.total === 0 ? 1 : status.translated / status.total;
        const name = englishName(tag);
        return (
          <li
            key={tag}
            className={cn(
              'flex items-center gap-2 rounded-lg border p-2',
              tag === selected
                ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-950'
                : 'border-slate-200 dark:border-slate-700',
            )}
          >
            <button
              type="button"
              onClick={() => onSelect(tag)}
              aria-current={tag === selected ? 'true' : undefined}
              className="min-w-0 flex-1 rounded-md px-1 text-left"
            >
              <span className="block truncate text-sm font-medium">{name}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {status.translated} of {status.total} translated
              </span>
              <span
                aria-hidden="true"
                className="mt-1 block h-1.5 rounded-full bg-slate-200 dark:bg-slate-700"
              >
                <span
                  className="block h-full rounded-full bg-brand-600 dark:bg-brand-400"
                  style={{ width: `${Math.round(share * 100)}%` }}
                />
              </span>
            </button>
            <Button variant="ghost" size="icon" onClick={() => onRemove(tag)} aria-label={`Remove ${name}`}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
