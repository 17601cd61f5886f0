import { fileMaxBytes, isAcceptedFile } from '@formsmith/core/fields/accept';
import { checkFiles, takesManyFiles } from '@formsmith/core/fields/files';
import type { FillFormView } from '@formsmith/core/fill-page/state';
import { type FormField, rulesOf } from '@formsmith/core/forms/field';
import type { Form } from '@formsmith/core/forms/form';
import { validationMessagesOf } from '@formsmith/core/i18n/chrome';
import { LIMITS } from '@formsmith/core/limits';
import type { ResumeResponse } from '@formsmith/core/submissions/progress';
import { type SubmitEnding, submitResponseSchema } from '@formsmith/core/submissions/submit-answer';
import { PROTECTED_CLASS } from '@formsmith/core/themes/css';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useChrome } from '../../../components/form-renderer/chrome-context.ts';
import type { FillStep } from '../../../components/form-renderer/fill-steps.ts';
import { FormRenderer } from '../../../components/form-renderer/form-renderer.tsx';
import type { Signed } from '../../../components/form-renderer/signature-control.tsx';
import { fileValues, formatBytes, withCalculated } from '../../../components/form-renderer/values.ts';
import { FormHeader } from '../../../components/public-page/form-header.tsx';
import { type ClosedInfo, closedInfo } from '../api/get-public-form.ts';
import { errorCodeOf, errorMessageOf } from '../api/public-request.ts';
import { submitForm } from '../api/submit-form.ts';
import { trackSubmission } from '../api/track-submission.ts';
import { uploadFile } from '../api/upload-file.ts';
import { useFieldTiming } from '../hooks/use-field-timing.ts';
import { useFillSession } from '../hooks/use-fill-session.ts';
import type { ProgressSaver } from '../hooks/use-progress-saver.ts';
import { sentAnswers } from '../lib/answers.ts';
import { onFirstInteraction } from '../lib/first-interaction.ts';
import { PREVIEW_TEXT, submitErrorMessage } from '../lib/messages.ts';
import { sealedSubmitBody, sealUnavailable } from '../lib/seal.ts';
import { forgetSpamSolution, spamSolution } from '../lib/spam-challenge.ts';
import { onStepKeyDown } from '../lib/step-keys.ts';
import { newIdempotencyKey } from '../lib/uuid.ts';
import { loadValidator } from '../lib/validator.ts';
import { CarriedAnswers, ErrorSummary } from './carried-answers.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { SavingNotice } from './resume-banner.tsx';
import { SaveLater } from './save-later.tsx';
import { StepButtons } from './step-buttons.tsx';

type FormViewProps = {
  form: Form & { id: number; encryption?: { publicKey: string | null } };
  /** The language shown (the form's own texts are already in it): submits and saves name it. */
  language: string;
  accessCode: string | undefined;
  /** The owner's preview of a form respondents cannot open: filled in, never sent. */
  preview?: boolean;
  /** The ending chosen, and the stored submission's id. */
  onSubmitted: (ending: SubmitEnding, submissionId: string) => void;
  onExpired: (closed?: ClosedInfo) => void;
  /** The form keeps answers as the respondent goes: its saver, and the answers resumed (if any). */
  partials?: { saver: ProgressSaver; resumed: ResumeResponse | null; note: string | null };
  /** The screen the server rendered (values, errors), which the page takes over as it was. */
  initial?: Pick<FillFormView, 'values' | 'stepId' | 'errors' | 'banner' | 'loadedAt' | 'submitKey'>;
};

// Margin over the server's minimum, for rounding between the two clocks' readings.
const HOLD_MARGIN_MS = 100;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The errors of `errors` for fields that also have one in `among`. */
const pick = (errors: Record<string, string>, among: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).filter(([id]) => Object.hasOwn(among, id)));

/**
 * Moves the focus into a new screen: to its answer (the chosen option, else the first input), or,
 * when it asks for none (a statement), to the screen itself, which is labelled with where the
 * respondent is ('Question 2 of 4'): a screen reader says so as the focus enters it.
 */
function focusStep(container: HTMLElement | null) {
  const step = container?.querySelector<HTMLElement>('[data-step]');
  const control =
    step?.querySelector<HTMLElement>('input:checked') ??
    step?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select, button');
  (control ?? step)?.focus({ preventScroll: true });
}

/**
 * The fillable form: its screens (pages, or one question at a time) along the path logic gives
 * the answers so far, validation per screen, uploads, and the submit.
 */
export function FormView({
  form,
  language,
  accessCode,
  preview = false,
  onSubmitted,
  onExpired,
  partials,
  initial,
}: FormViewProps) {
  const [, setValidatorReady] = useState(false);
  const decoy = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The server's page was on screen (and answered) from the navigation on, before its app took over.
  const timing = useFieldTiming(initial ? Math.round(performance.timeOrigin) : undefined);
  // An end-to-end encrypted form seals to its key, bound to this submission's id (chosen here).
  const [submissionId] = useState(newIdempotencyKey);
  const publicKey = form.encryption?.publicKey;
  const sealTo = publicKey ? { formId: form.id, publicKey, submissionId } : undefined;
  const chrome = useChrome();
  const { t } = chrome;
  const messages = useMemo(() => validationMessagesOf(chrome), [chrome]);
  // Answers resumed from a save come first; then the page the server rendered, as it stood.
  const {
    session,
    dispatch,
    oneAtATime,
    moved,
    path,
    steps,
    index,
    step,
    last,
    errors,
    goTo,
    fail,
    showInvalid,
    change,
  } = useFillSession({ form, resumed: partials?.resumed ?? null, initial, messages });
  const { values, serverErrors, fileStatus, banner, submitting, holdMs } = session;
  // What the form posts without JavaScript (the server steps through it then): kept as rendered.
  const [posted] = useState(() => ({
    loadedAt: initial?.loadedAt ?? timing.snapshot().startedAt,
    submitKey: initial?.submitKey ?? newIdempotencyKey(),
  }));
  const prefix = useId();

  // The focus that started the takeover (the respondent tapped or tabbed into a field of the
  // server's page) came before the app listened: told again once the app is live, the field's
  // own focus handler counts it in the per-field timing like any later one.
  useEffect(() => {
    if (!initial) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== formRef.current && formRef.current?.contains(active))
      active.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  }, [initial]);

  // Core's checks (and the phone numbers' data) load when the respondent starts answering: the
  // fields they leave are checked once it is there, and a submit waits for it.
  useEffect(
    () => onFirstInteraction(() => void loadValidator().then((v) => setValidatorReady(Boolean(v)))),
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => {
    // The proof of work, for forms that ask for it, is done while the respondent fills the form in.
    if (!preview) void spamSolution(form.id, form.themeConfig);
  }, []);

  // One question at a time: each screen is named by where it is, for the focus entering it.
  const stepLabel =
    oneAtATime && steps.length > 1
      ? t('form.progressQuestion', { at: index + 1, total: steps.length })
      : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the screen changes
  useEffect(() => {
    // Each new screen takes the focus (the first screen leaves it where the respondent is).
    if (moved.current) focusStep(formRef.current);
  }, [step.id]);

  const blur = (fieldId: string) => {
    timing.blur(fieldId);
    dispatch({ type: 'left', fieldId });
  };

  /** One file sent for a field, sealed first on an encrypted form; refusals come in the page's language. */
  const uploadOne = (field: FormField, file: File) =>
    uploadFile({ formId: form.id, fieldId: field.id, file, accessCode, lang: language, seal: sealTo });

  const selectFile = async (field: FormField, file: File, signed?: Signed) => {
    const max = fileMaxBytes(field);
    const local = !isAcceptedFile(rulesOf(field).accept, file)
      ? t('file.typeRejected')
      : file.size > max
        ? t('file.tooLarge', { size: formatBytes(max, chrome.locale) })
        : null;
    if (local) {
      dispatch({ type: 'fieldFailed', fieldId: field.id, message: local });
      return;
    }
    dispatch({ type: 'uploadStarted', fieldId: field.id });
    const result = await uploadOne(field, file);
    dispatch({ type: 'uploadEnded', fieldId: field.id });
    // A signature keeps how and when it was signed beside its PNG.
    if (result.ok) change(field.id, signed ? { ...result.value, ...signed } : result.value);
    else dispatch({ type: 'fieldFailed', fieldId: field.id, message: result.message });
  };

  /**
   * The files chosen at once: one for a field that takes one; for one that takes several, the
   * chosen files with those already there are checked by core's rules (count, each size and
   * type, total) before anything is sent, then each is uploaded in turn and added to the list.
   */
  const selectFiles = async (field: FormField, files: File[]) => {
    const [first] = files;
    if (field.type !== 'file' || !takesManyFiles(field)) return first ? selectFile(field, first) : undefined;
    const chosen = files.map((file) => ({ name: file.name, size: file.size, type: file.type }));
    const local = checkFiles(field, [...fileValues(values[field.id]), ...chosen], messages);
    if (local) {
      dispatch({ type: 'fieldFailed', fieldId: field.id, message: local });
      return;
    }
    dispatch({ type: 'fieldErrorCleared', fieldId: field.id });
    dispatch({ type: 'uploadStarted', fieldId: field.id });
    for (const file of files) {
      const result = await uploadOne(field, file);
      if (!result.ok) {
        dispatch({ type: 'fieldFailed', fieldId: field.id, message: `${file.name}: ${result.message}` });
        break;
      }
      dispatch({ type: 'fileAdded', fieldId: field.id, file: result.value });
    }
    dispatch({ type: 'uploadEnded', fieldId: field.id });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    dispatch({ type: 'bannerCleared' });
    await loadValidator();
    const next = steps[index + 1];
    if (next) {
      if (!showInvalid([step], serverErrors)) goTo(next);
      return;
    }
    // Answers on earlier screens may have changed since their Next: every screen is checked.
    if (!showInvalid(steps, serverErrors) && !preview) await send();
  };

  const answersSent = () => sentAnswers(form.fields, path.sent, values);

  // Each new screen saves the answers so far (the first one once something was answered).
  const saver = partials?.saver;
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the screen changes
  useEffect(() => {
    if (saver && moved.current) saver.save({ data: answersSent(), step: step.id, lang: language });
  }, [step.id]);

  const saveNow = async () => {
    if (!saver) return null;
    saver.save({ data: answersSent(), step: step.id, lang: language });
    return saver.flush();
  };

  const send = async () => {
    if (form.encryption && !sealTo) return fail(t('encryption.notReady'));
    if (form.encryption && sealUnavailable()) return fail(t('encryption.needsSecure'));
    const data = answersSent();
    dispatch({ type: 'submitStarted' });
    // A submit inside the anti-spam window (browser autofill, fast typists) would be dropped by the
    // server while the page showed success: the page waits until the window has passed instead.
    const hold = timing.snapshot().startedAt + LIMITS.minSubmitDelayMs + HOLD_MARGIN_MS - Date.now();
    if (hold > 0) {
      dispatch({ type: 'held', ms: hold });
      await wait(hold);
      dispatch({ type: 'held', ms: 0 });
    }
    const timed = timing.snapshot();
    const spam = { _honeypot: decoy.current?.value ?? '', _formLoadTime: timed.startedAt };
    const analytics = {
      totalTimeSpent: timed.totalTimeSpent,
      fieldInteractions: timed.fieldInteractions,
      completed: true,
    };
    try {
      const resumeToken = saver ? await saver.flush() : null;
      const content = sealTo
        ? await sealedSubmitBody(sealTo, { answers: data, spam, fields: form.fields })
        : { data: { ...data, ...spam } };
      const altcha = await spamSolution(form.id, form.themeConfig);
      const res = await submitForm(form.id, {
        ...(altcha ? { altcha } : {}),
        ...(resumeToken ? { resume_token: resumeToken } : {}),
        ...content,
        metadata: {
          userAgent: navigator.userAgent,
          referrer: document.referrer,
          analytics,
          timestamp: Date.now(),
        },
        ...(accessCode ? { access_code: accessCode } : {}),
        lang: language,
      });
      if (res.status >= 200 && res.status < 300) {
        const answer = submitResponseSchema.safeParse(res.body);
        if (!answer.success || answer.data.submission_id === '') return fail(t('submit.invalidResponse'));
        forgetSpamSolution(form.id);
        trackSubmission(form.id, { submission_id: answer.data.submission_id, ...analytics });
        saver?.forget();
        return onSubmitted(answer.data.ending, answer.data.submission_id);
      }
      if (res.status === 410) return onExpired(closedInfo(res));
      // Refused the solution (expired, or used): the next try asks for a new challenge.
      if (res.status === 403) forgetSpamSolution(form.id);
      if (res.status === 422 && res.body?.fields && typeof res.body.fields === 'object') {
        const fields = res.body.fields as Record<string, string>;
        dispatch({ type: 'refused', errors: fields });
        showInvalid(steps, fields);
      }
      fail(
        submitErrorMessage(chrome, {
          status: res.status,
          code: errorCodeOf(res),
          message: errorMessageOf(res),
        }),
      );
    } catch {
      fail(t('submit.problem'));
    } finally {
      dispatch({ type: 'submitEnded' });
    }
  };

  // 'Save and continue later' sits above the form: errors appearing below as a field loses the
  // focus would otherwise move it from under the pointer.
  return (
    <div className="space-y-8">
      {preview && (
        <p
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <strong className="font-semibold">{PREVIEW_TEXT.previewTitle}</strong> {PREVIEW_TEXT.previewNote}
        </p>
      )}
      <FormHeader form={form} description={path.recall(form.description)} />
      {form.encryption && (
        <p role="note" className={`text-sm text-slate-600 dark:text-slate-400 ${PROTECTED_CLASS}`}>
          {t('encryption.note')}
        </p>
      )}
      {form.encryption && (
        // Seen only without JavaScript, which encrypting needs: the form below is hidden then.
        <p
          className={`hidden rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 noscript:block dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100 ${PROTECTED_CLASS}`}
        >
          {t('encryption.needsJavaScript')}
        </p>
      )}
      {partials && (
        // Protected from the theme's custom CSS: respondents always see that answers are kept.
        <div className={`space-y-3 ${PROTECTED_CLASS}`}>
          <SavingNotice note={partials.note} />
          <SaveLater formId={form.id} accessCode={accessCode} saveNow={saveNow} />
        </div>
      )}
      <form
        ref={formRef}
        method="post"
        encType={form.fields.some((f) => f.type === 'file') ? 'multipart/form-data' : undefined}
        onSubmit={submit}
        onKeyDown={oneAtATime ? onStepKeyDown : undefined}
        noValidate
        className={form.encryption ? 'space-y-8 noscript:hidden' : 'space-y-8'}
        aria-busy={submitting}
      >
        <input type="hidden" name="_step" value={step.id} />
        <input type="hidden" name="_formLoadTime" value={String(posted.loadedAt)} />
        <input type="hidden" name="_key" value={posted.submitKey} />
        {accessCode && <input type="hidden" name="access_code" value={accessCode} />}
        {banner && (
          <div
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            {banner}
          </div>
        )}
        <ErrorSummary
          fields={step.fields}
          // The server's errors on the page it sent back, until each field changes.
          errors={initial ? pick(serverErrors, initial.errors) : {}}
          prefix={prefix}
          focus={Boolean(initial && Object.keys(initial.errors).length > 0)}
        />
        {steps.length > 1 && (
          <ProgressBar at={index + 1} of={steps.length} unit={oneAtATime ? 'question' : 'page'} />
        )}
        <div
          key={step.id}
          data-step
          tabIndex={-1}
          {...(stepLabel ? { role: 'group', 'aria-label': stepLabel } : {})}
          className="fill-step space-y-6 outline-none"
        >
          {step.title && (
            <h2 className="text-xl font-semibold tracking-tight [overflow-wrap:anywhere]">{step.title}</h2>
          )}
          {step.description && (
            <p className="whitespace-pre-line text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
              {step.description}
            </p>
          )}
          <FormRenderer
            idPrefix={prefix}
            fields={step.fields}
            values={withCalculated(values, path.run.calculated)}
            errors={errors}
            onChange={change}
            onBlur={blur}
            onFocus={timing.focus}
            onFileSelect={selectFile}
            onFilesSelect={selectFiles}
            fileStatus={fileStatus}
            disabled={submitting}
            keyHints={oneAtATime}
          />
        </div>
        <CarriedAnswers fields={form.fields} shown={step.fields} values={values} />
        {/* Anti-spam decoy: people never see or reach it; bots that fill every input trip it. */}
        <div aria-hidden="true" className="absolute -start-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="website">Website</label>
          <input
            ref={decoy}
            id="website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <StepButtons
          text={form.submitButtonText}
          last={last}
          submitting={submitting}
          holdMs={holdMs}
          disabled={Object.keys(fileStatus).length > 0}
          submitDisabled={preview}
          onBack={index > 0 ? () => goTo(steps[index - 1] as FillStep) : undefined}
        />
        {preview && last && (
          <p className="text-sm text-slate-600 dark:text-slate-400">{PREVIEW_TEXT.previewSubmit}</p>
        )}
      </form>
    </div>
  );
}
