import { chromeLanguage } from '@formsmith/core/i18n/chrome-languages';
import { translationStatus } from '@formsmith/core/i18n/localize';
import { translatableTexts, translatedText } from '@formsmith/core/i18n/texts';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { CheckboxField } from '../../../../components/ui/input.tsx';
import type { DraftAction } from '../form-draft.ts';
import { englishName } from './language-names.ts';
import type { TranslatableForm } from './settings-texts.ts';
import { groupTexts, textLabel } from './text-groups.ts';
import { type Suggestions, TranslateWithAi } from './translate-with-ai.tsx';
import { mergeTranslations, setTranslation } from './translation-edits.ts';
import { type RowLanguages, TranslationRow } from './translation-row.tsx';

type Props = {
  form: TranslatableForm;
  formId: number | undefined;
  tag: string;
  dispatch: (action: DraftAction) => void;
  suggestions: Suggestions | null;
  onSuggestions: (suggestions: Suggestions | null) => void;
};

/** One language's texts side by side with the default language's, grouped as respondents meet them. */
export function TranslationWorkspace({ form, formId, tag, dispatch, suggestions, onSuggestions }: Props) {
  // The items missing when the filter was turned on: a row stays while its translation is typed.
  const [missingOnly, setMissingOnly] = useState<Set<string> | null>(null);
  const texts = translatableTexts(form);
  const status = translationStatus(form, tag);
  const languages: RowLanguages = {
    tag,
    name: englishName(tag),
    defaultTag: form.language,
    defaultName: englishName(form.language),
  };
  const shown = missingOnly ? texts.filter((item) => missingOnly.has(item.key)) : texts;
  const sections = groupTexts(form, shown);
  const missingTexts = texts.filter((item) => status.missing.includes(item.key));
  // Suggestions for texts translated meanwhile (typed, or accepted one by one) are not offered.
  const pending = Object.entries(suggestions?.tag === tag ? suggestions.texts : {}).filter(([key]) =>
    status.missing.includes(key),
  );

  const edit = (key: string, text: string) =>
    dispatch({
      type: 'setTranslations',
      translations: setTranslation(form.translations, { tag, key, text }),
      key: `${tag}:${key}`,
    });
  const accept = (entries: [string, string][]) => {
    dispatch({
      type: 'setTranslations',
      translations: mergeTranslations(form.translations, { tag, texts: Object.fromEntries(entries) }),
    });
    if (entries.length === pending.length) onSuggestions(null);
  };

  return (
    <section aria-labelledby="translation-heading" className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="translation-heading" className="text-lg font-semibold">
            {languages.name}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {status.translated} of {status.total} translated
          </p>
          <ChromeNote tag={tag} />
        </div>
        <div className="max-w-sm">
          <TranslateWithAi
            formId={formId}
            from={form.language}
            to={tag}
            missing={missingTexts}
            onSuggested={onSuggestions}
          />
        </div>
      </div>
      {pending.length > 0 && (
        <section
          aria-label="Suggested translations"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm dark:border-brand-800 dark:bg-brand-950"
        >
          <p className="min-w-0 flex-1">
            The model {suggestions?.model} suggested {pending.length}{' '}
            {pending.length === 1 ? 'translation' : 'translations'}. Review them below: nothing is used until
            you accept it.
          </p>
          <Button size="sm" variant="secondary" onClick={() => onSuggestions(null)}>
            Discard
          </Button>
          <Button size="sm" onClick={() => accept(pending)}>
            Accept all
          </Button>
        </section>
      )}
      <CheckboxField
        label="Missing only"
        checked={missingOnly !== null}
        onChange={(e) => setMissingOnly(e.target.checked ? new Set(status.missing) : null)}
      />
      {texts.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">This form has no texts to translate yet.</p>
      ) : sections.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Every text is translated.</p>
      ) : (
        sections.map((section) => (
          <section key={section.id} aria-labelledby={`section-${section.id}`} className="space-y-3">
            <h3
              id={`section-${section.id}`}
              className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300"
            >
              {section.title}
            </h3>
            {section.groups.map((group) => (
              <fieldset
                key={group.id}
                className="min-w-0 rounded-xl border border-slate-200 bg-white px-4 pt-2 dark:border-slate-800 dark:bg-slate-900"
              >
                <legend className="px-1 text-sm font-semibold break-words">{group.title}</legend>
                <div className="divide-y divide-slate-100 dark:divide-slate-800">
                  {group.items.map((item) => {
                    const suggested = pending.find(([key]) => key === item.key);
                    return (
                      <TranslationRow
                        key={item.key}
                        item={item}
                        label={textLabel(item, form.fields)}
                        languages={languages}
                        value={translatedText(form.translations, tag, item.key)}
                        onChange={(text) => edit(item.key, text)}
                        suggestion={suggested && { text: suggested[1], onAccept: () => accept([suggested]) }}
                      />
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </section>
        ))
      )}
    </section>
  );
}

/** Which language the page's own words (buttons, messages) take for this one. */
function ChromeNote({ tag }: { tag: string }) {
  const chrome = chromeLanguage(tag);
  return (
    <p className="mt-1 max-w-md text-xs text-slate-600 dark:text-slate-400">
      {chrome === 'en' && !tag.startsWith('en')
        ? `The page's own words (Next, Submit, error messages) show in English: there is no ${englishName(tag)} catalogue yet.`
        : `The page's own words (Next, Submit, error messages) come in ${englishName(chrome)}.`}
    </p>
  );
}
