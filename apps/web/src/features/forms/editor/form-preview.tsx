import type { Form } from '@formsmith/core/forms/form';
import { formLanguages, isRightToLeft } from '@formsmith/core/i18n/language';
import { localizeForm } from '@formsmith/core/i18n/localize';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { ChromeContext, useLoadedChrome } from '../../../components/form-renderer/chrome-context.ts';
import { fillPath } from '../../../components/form-renderer/fill-steps.ts';
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
  // The respondent's path, worked out as the public page does: pages reached, questions shown and
  // required by logic, labels and texts with their answers recalled, calculated values.
  const path = fillPath({ form, answers: values, oneAtATime: form.display === 'one_at_a_time' });
  const shownValues = withCalculated(values, path.run.calculated);
  // One screen at a time, as respondents step through it; or every screen at once to look over.
  const [allAtOnce, setAllAtOnce] = useState(false);
  const [at, setAt] = useState(0);
  const [sent, setSent] = useState(false);
  // Answers can shorten the path under the current screen: stay on the last one there is.
  const index = Math.min(at, Math.max(path.steps.length - 1, 0));
  const shownSteps = allAtOnce ? path.steps : path.steps.slice(index, index + 1);
  const last = allAtOnce || index >= path.steps.length - 1;
  const ending = form.logic.endings.find((e) => e.id === path.run.ending);
  const startOver = () => {
    setValues(initialValues(form.fields));
    setAt(0);
    setSent(false);
  };

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
        <Button
          size="sm"
          variant="secondary"
          aria-pressed={allAtOnce}
          onClick={() => {
            setAllAtOnce((v) => !v);
            setSent(false);
          }}
        >
          All screens at once
        </Button>
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
            <p className="mt-2 whitespace-pre-line text-slate-600 dark:text-slate-300">
              {path.recall(form.description)}
            </p>
          )}
          {sent ? (
            <div className="mt-6 space-y-3" aria-live="polite">
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
                After sending
              </p>
              {ending?.title && (
                <h3 className="text-xl font-semibold break-words">{path.recall(ending.title)}</h3>
              )}
              <p className="whitespace-pre-line break-words">{ending ? path.recall(ending.message) : ''}</p>
              {ending?.redirectUrl && (
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  Then goes to {ending.redirectUrl}
                </p>
              )}
              <Button variant="secondary" onClick={startOver}>
                Start over
              </Button>
            </div>
          ) : (
            <form
              className="mt-6 space-y-5"
              aria-label="Form preview"
              onSubmit={(e) => {
                e.preventDefault();
                if (last) setSent(true);
                else setAt(index + 1);
              }}
            >
              {!allAtOnce && path.steps.length > 1 && (
                <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
                  {index + 1} of {path.steps.length}
                </p>
              )}
              <ChromeContext.Provider value={chrome}>
                {shownSteps.map((step, i) => (
                  <div key={step.id} className="space-y-5">
                    {/* The first screen's title is the form's own; later ones are headed by theirs. */}
                    {(allAtOnce ? i > 0 : index > 0) || step.title ? (
                      <h3 className="border-t border-slate-200 pt-4 text-lg font-semibold dark:border-slate-700">
                        {step.title}
                      </h3>
                    ) : null}
                    {step.description && (
                      <p className="whitespace-pre-line text-sm text-slate-600 dark:text-slate-300">
                        {step.description}
                      </p>
                    )}
                    <FormRenderer
                      fields={step.fields}
                      values={shownValues}
                      errors={{}}
                      onChange={(fieldId, value) => setValues((v) => ({ ...v, [fieldId]: value }))}
                    />
                  </div>
                ))}
              </ChromeContext.Provider>
              <div className="flex flex-wrap gap-3">
                {!allAtOnce && index > 0 && (
                  <Button type="button" variant="secondary" onClick={() => setAt(index - 1)}>
                    {chrome.t('form.back')}
                  </Button>
                )}
                <Button type="submit" className="w-full sm:w-auto">
                  {last ? form.submitButtonText : chrome.t('form.next')}
                </Button>
              </div>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}
