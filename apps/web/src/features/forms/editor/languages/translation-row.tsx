import { isRightToLeft } from '@formsmith/core/i18n/language';
import type { TranslatableText } from '@formsmith/core/i18n/texts';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Input, Textarea } from '../../../../components/ui/input.tsx';
import { isLongText } from './text-groups.ts';

export type RowLanguages = { tag: string; name: string; defaultTag: string; defaultName: string };

type Props = {
  item: TranslatableText;
  /** What the text is ('Label', 'Help text'). */
  label: string;
  languages: RowLanguages;
  /** The translation, or undefined when the item is missing and falls back. */
  value: string | undefined;
  onChange: (text: string) => void;
  /** A model's suggestion waiting for review, and accepting it. */
  suggestion?: { text: string; onAccept: () => void };
};

/** One text side by side: the default language's on the left, its translation typed on the right. */
export function TranslationRow({ item, label, languages, value, onChange, suggestion }: Props) {
  const id = useId();
  const noteId = `${id}-note`;
  const missing = value === undefined;
  const control = {
    id,
    value: value ?? '',
    lang: languages.tag,
    dir: isRightToLeft(languages.tag) ? 'rtl' : 'auto',
    'aria-describedby': missing ? noteId : undefined,
  } as const;
  return (
    <div className="grid gap-2 py-3 md:grid-cols-2 md:gap-4">
      <div className="min-w-0">
        <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
          {label} · {languages.defaultName}
        </p>
        <p lang={languages.defaultTag} dir="auto" className="mt-1 text-sm break-words whitespace-pre-line">
          {item.text}
        </p>
      </div>
      <div className="min-w-0 space-y-1.5">
        <label htmlFor={id} className="block text-xs font-medium text-slate-800 dark:text-slate-200">
          {label} in {languages.name}
        </label>
        {isLongText(item.kind) ? (
          <Textarea rows={2} {...control} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <Input {...control} onChange={(e) => onChange(e.target.value)} />
        )}
        {missing && (
          <p id={noteId} className="text-xs text-amber-800 dark:text-amber-300">
            Not translated: respondents see the {languages.defaultName} text.
          </p>
        )}
        {suggestion && (
          <div className="flex flex-wrap items-start gap-2 rounded-lg border border-brand-200 bg-brand-50 p-2 text-sm dark:border-brand-800 dark:bg-brand-950">
            <p className="min-w-0 flex-1 break-words">
              <span className="font-medium">Suggested: </span>
              <span lang={languages.tag} dir="auto" className="whitespace-pre-line">
                {suggestion.text}
              </span>
            </p>
            <Button
              size="sm"
              variant="secondary"
              onClick={suggestion.onAccept}
              aria-label={`Accept: ${suggestion.text}`}
            >
              <Check aria-hidden="true" className="h-4 w-4" />
              Accept
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
