import type { Form } from '@formsmith/core/forms/form';
import { MAX_TRANSLATIONS } from '@formsmith/core/i18n/language';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Select } from '../../../../components/ui/input.tsx';
import type { DraftAction } from '../form-draft.ts';
import { LanguageList } from './language-list.tsx';
import { englishName, languageChoices } from './language-names.ts';
import { useTranslatableForm } from './settings-texts.ts';
import type { Suggestions } from './translate-with-ai.tsx';
import { addLanguage, removeLanguage } from './translation-edits.ts';
import { TranslationWorkspace } from './translation-workspace.tsx';

type Props = {
  form: Form;
  formId: number | undefined;
  dispatch: (action: DraftAction) => void;
  suggestions: Suggestions | null;
  onSuggestions: (suggestions: Suggestions | null) => void;
};

/** The Languages tab: the default language, the others with their progress, and translating one. */
export function LanguagesPanel({ form: draft, formId, dispatch, suggestions, onSuggestions }: Props) {
  const form = useTranslatableForm(draft, formId);
  // By name, as stored key order is not kept by every database.
  const languages = Object.keys(form.translations)
    .filter((tag) => tag !== form.language)
    .sort((a, b) => englishName(a).localeCompare(englishName(b), 'en'));
  const [picked, setPicked] = useState<string | null>(null);
  const [adding, setAdding] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  // After an undo or a removal the open language may be gone: the first one left opens.
  const selected = picked !== null && languages.includes(picked) ? picked : (languages[0] ?? null);
  const defaultChoices = languageChoices(languages);
  if (!defaultChoices.some((choice) => choice.tag === form.language))
    defaultChoices.unshift({ tag: form.language, name: englishName(form.language) });
  const addChoices = languageChoices([form.language, ...languages]);
  const full = languages.length >= MAX_TRANSLATIONS;

  const setTranslations = (translations: Form['translations']) =>
    dispatch({ type: 'setTranslations', translations });
  const add = () => {
    if (!adding) return;
    setTranslations(addLanguage(form.translations, adding));
    setPicked(adding);
    setAdding('');
  };
  const remove = (tag: string) => {
    setTranslations(removeLanguage(form.translations, tag));
    if (suggestions?.tag === tag) onSuggestions(null);
    setRemoving(null);
  };
  // Nothing typed is dropped without asking: a language with translations is confirmed first.
  const askRemove = (tag: string) =>
    Object.keys(form.translations[tag] ?? {}).length > 0 ? setRemoving(tag) : remove(tag);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <aside className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <FormField
          label="Default language"
          hint="The language of the form's own texts; respondents whose language the form lacks see it."
        >
          <Select
            value={form.language}
            onChange={(e) => dispatch({ type: 'setMeta', patch: { language: e.target.value } })}
          >
            {defaultChoices.map(({ tag, name }) => (
              <option key={tag} value={tag}>
                {name}
              </option>
            ))}
          </Select>
        </FormField>
        <div className="space-y-2">
          <h2 className="text-sm font-medium">Other languages</h2>
          <LanguageList
            form={form}
            languages={languages}
            selected={selected}
            onSelect={setPicked}
            onRemove={askRemove}
          />
        </div>
        <div className="space-y-2">
          <div className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <FormField label="Add a language">
                <Select value={adding} onChange={(e) => setAdding(e.target.value)} disabled={full}>
                  <option value="">Choose…</option>
                  {addChoices.map(({ tag, name }) => (
                    <option key={tag} value={tag}>
                      {name}
                    </option>
                  ))}
                </Select>
              </FormField>
            </div>
            <Button variant="secondary" onClick={add} disabled={!adding || full}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              Add
            </Button>
          </div>
          {full && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              A form can have at most {MAX_TRANSLATIONS} languages besides its default.
            </p>
          )}
        </div>
      </aside>
      {selected ? (
        <TranslationWorkspace
          key={selected}
          form={form}
          formId={formId}
          tag={selected}
          dispatch={dispatch}
          suggestions={suggestions}
          onSuggestions={onSuggestions}
        />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Add a language to translate the form side by side. Items you leave untranslated show in{' '}
          {englishName(form.language)}.
        </p>
      )}
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing ? englishName(removing) : ''}?`}
        description="Its translations leave the form with it. Undo brings them back."
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            Keep it
          </Button>
          <Button variant="danger" onClick={() => removing && remove(removing)}>
            Remove
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
