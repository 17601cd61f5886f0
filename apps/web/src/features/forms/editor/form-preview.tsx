import { visibleFields } from '@formsmith/core/fields/conditions';
import type { FormField } from '@formsmith/core/forms/field';
import type { Form } from '@formsmith/core/forms/form';
import { formLanguages, isRightToLeft } from '@formsmith/core/i18n/language';
import { localizeForm } from '@formsmith/core/i18n/localize';
import { logicFieldsOf } from '@formsmith/core/logic/form-fields';
import { PAGE_BREAK_TYPE, runForm } from '@formsmith/core/logic/run';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { ChromeContext, useLoadedChrome } from '../../../components/form-renderer/chrome-context.ts';
import { FormRenderer } from '../../../components/form-renderer/form-renderer.tsx';
import { type FieldValues, initialValues, withCalculated } from '../../../components/form-renderer/values.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { englishName } from './languages/language-names.ts';

type Device = 'desktop' | 'tablet' | 'mobile';

/** Preview widths: tablet 768 and phone 375 px, or 640/320 when the editor itself is narrow. */
function deviceWidth(device: Device, compact: boolean): string {
  if (device === 'desktop') return '100%';
  if (device === 'tablet') return compact ? '640px' : '768px';
  return compact ? '320px' : '375px';
}

const DEVICES: { device: Device; label: string; Icon: typeof Monitor }[] = [
  { device: 'desktop', label: 'Desktop', Icon: Monitor },
  { device: 'tablet', label: 'Tablet', Icon: Tablet },
  { device: 'mobile', label: 'Mobile', Icon: Smartphone },
];

/**
 * The fields on the respondent's path for these answers, pages in one column: the form's logic
 * (jumps, endings, shown and hidden questions) and calculated values apply as on the public page.
 */
function previewPath(form: Form, values: FieldValues): { fields: FormField[]; values: FieldValues } {
  const run = runForm(logicFieldsOf(form.fields), form.logic, values);
  const reached = new Set(run.pages);
  const fields = visibleFields(form.fields, values).filter((f) =>
    f.type === PAGE_BREAK_TYPE ? reached.has(f.id) : run.visible.has(f.id),
  );
  return { fields, values: withCalculated(values, run.calculated) };
}

/** Splits the shown fields at page breaks, each part under its page's title. */
function byPage(fields: FormField[]): { title: string | null; key: string; fields: FormField[] }[] {
  const pages: { title: string | null; key: string; fields: FormField[] }[] = [
    { title: null, key: 'first', fields: [] },
  ];
  for (const field of fields) {
    if (field.type === PAGE_BREAK_TYPE) pages.push({ title: field.label, key: field.id, fields: [] });
    else pages[pages.length - 1]?.fields.push(field);
  }
  return pages.filter((page) => page.fields.length > 0);
}

/**
 * How respondents will see the form, at desktop, tablet and mobile widths and in each of its
 * languages (untranslated items in the default one, as respondents get them); answers stay local.
 */
export function FormPreview({ form: draft, compact }: { form: Form; compact: boolean }) {
  const [device, setDevice] = useState<Device>('desktop');
  const languages = formLanguages(draft);
  const [picked, setPicked] = useState(draft.language);
  const language = languages.includes(picked) ? picked : draft.language;
  const form = localizeForm(draft, language);
  const chrome = useLoadedChrome(language);
  // Mounted each time the Preview tab opens, so it starts from the current defaults.
  const [values, setValues] = useState<FieldValues>(() => initialValues(form.fields));
  const shown = previewPath(form, values);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-center gap-2">
        <fieldset className="flex flex-wrap justify-center gap-2">
          <legend className="sr-only">Preview size</legend>
          {DEVICES.map(({ device: d, label, Icon }) => (
            <Button
              key={d}
              size="sm"
              variant={device === d ? 'primary' : 'secondary'}
              aria-pressed={device === d}
              onClick={() => setDevice(d)}
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              {label}
            </Button>
          ))}
        </fieldset>
        {languages.length > 1 && (
          <div className="w-48">
            <Select
              aria-label="Preview language"
              value={language}
              onChange={(e) => setPicked(e.target.value)}
            >
              {languages.map((tag) => (
                <option key={tag} value={tag}>
                  {englishName(tag)}
                </option>
              ))}
            </Select>
          </div>
        )}
      </div>
      <div className="overflow-x-auto rounded-xl bg-slate-100 p-3 sm:p-6 dark:bg-slate-950">
        <div
          data-testid="preview-frame"
          lang={language}
          dir={isRightToLeft(language) ? 'rtl' : 'ltr'}
          style={{
            width: deviceWidth(device, compact),
            maxWidth: device === 'desktop' ? '48rem' : undefined,
          }}
          className="mx-auto rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-[width] sm:p-8 dark:border-slate-800 dark:bg-slate-900"
        >
          {form.logoUrl && <img src={form.logoUrl} alt="" className="mb-4 max-h-16" />}
          <h2 className="text-2xl font-bold break-words">{form.title}</h2>
          {form.description && (
            <p className="mt-2 whitespace-pre-line text-slate-600 dark:text-slate-300">{form.description}</p>
          )}
          <form className="mt-6 space-y-5" onSubmit={(e) => e.preventDefault()} aria-label="Form preview">
            <ChromeContext.Provider value={chrome}>
              {byPage(shown.fields).map((part) => (
                <div key={part.key} className="space-y-5">
                  {part.title !== null && (
                    <h3 className="border-t border-slate-200 pt-4 text-lg font-semibold dark:border-slate-700">
                      {part.title}
                    </h3>
                  )}
                  <FormRenderer
                    fields={part.fields}
                    values={shown.values}
                    errors={{}}
                    onChange={(fieldId, value) => setValues((v) => ({ ...v, [fieldId]: value }))}
                  />
                </div>
              ))}
            </ChromeContext.Provider>
            <Button type="submit" className="w-full sm:w-auto">
              {form.submitButtonText}
            </Button>
          </form>
        </div>
      </div>
    </div>
  );
}
