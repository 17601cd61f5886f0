import { isAcceptedFile } from '@formsmith/core/fields/accept';
import { visibleFields } from '@formsmith/core/fields/conditions';
import { takesAnswer } from '@formsmith/core/fields/constants';
import { type FormField, rulesOf } from '@formsmith/core/forms/field';
import type { Form } from '@formsmith/core/forms/form';
import { LIMITS } from '@formsmith/core/limits';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { FormRenderer } from '../../../components/form-renderer/form-renderer.tsx';
import {
  type FieldValue,
  type FieldValues,
  type FileStatus,
  formatBytes,
  initialValues,
} from '../../../components/form-renderer/values.ts';
import { type ClosedInfo, closedInfo } from '../api/get-public-form.ts';
import { errorMessageOf } from '../api/public-request.ts';
import { submitForm } from '../api/submit-form.ts';
import { trackSubmission } from '../api/track-submission.ts';
import { uploadFile } from '../api/upload-file.ts';
import { useFieldTiming } from '../hooks/use-field-timing.ts';
import { FILL_TEXT, submitErrorMessage } from '../lib/messages.ts';
import { currentValidator, loadValidator } from '../lib/validator.ts';
import { SubmitButton } from './submit-button.tsx';

type FormViewProps = {
  form: Form & { id: number };
  fields: FormField[];
  accessCode: string | undefined;
  /** The owner's preview of a form respondents cannot open: filled in, never sent. */
  preview?: boolean;
  onSubmitted: () => void;
  onExpired: (closed?: ClosedInfo) => void;
};

function answerOf(field: FormField, value: FieldValue): unknown {
  if (
    (field.type === 'number' || field.type === 'range' || field.type === 'nps') &&
    typeof value === 'string' &&
    value.trim() !== ''
  ) {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  return value;
}

// Margin over the server's minimum, for rounding between the two clocks' readings.
const HOLD_MARGIN_MS = 100;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Messages of the shown fields (`shown` = visibleFields of the current values) that `which` picks. */
function errorsFor(shown: FormField[], values: FieldValues, which: (id: string) => boolean) {
  const validate = currentValidator();
  const errors: Record<string, string> = {};
  if (!validate) return errors;
  for (const field of shown) {
    if (field.isReadOnly || !which(field.id)) continue;
    const error = validate(field, answerOf(field, values[field.id] ?? null));
    if (error) errors[field.id] = error;
  }
  return errors;
}

/** The fillable form: fields, live conditional logic, validation, uploads and the submit. */
export function FormView({ form, fields, accessCode, preview, onSubmitted, onExpired }: FormViewProps) {
  const [values, setValues] = useState<FieldValues>(() => initialValues(fields));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [fileStatus, setFileStatus] = useState<Record<string, FileStatus>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [holdMs, setHoldMs] = useState(0);
  const [, setValidatorReady] = useState(false);
  const decoy = useRef<HTMLInputElement>(null);
  const timing = useFieldTiming();

  useEffect(() => {
    loadValidator().then((v) => setValidatorReady(Boolean(v)));
  }, []);

  const shown = useMemo(() => visibleFields(fields, values), [fields, values]);
  const clientErrors = errorsFor(shown, values, (id) => attempted || touched.has(id));
  const errors = { ...clientErrors, ...serverErrors };

  const change = (id: string, value: FieldValue) => {
    setValues((v) => ({ ...v, [id]: value }));
    setServerErrors(({ [id]: _, ...rest }) => rest);
  };
  const blur = (id: string) => {
    timing.blur(id);
    setTouched((t) => (t.has(id) ? t : new Set(t).add(id)));
  };

  const selectFile = async (field: FormField, file: File) => {
    const max = Math.min(rulesOf(field).maxFileSize ?? LIMITS.uploadMaxBytes, LIMITS.uploadMaxBytes);
    const local = !isAcceptedFile(rulesOf(field).accept, file)
      ? 'This file type is not accepted'
      : file.size > max
        ? `The file is too large (at most ${formatBytes(max)})`
        : null;
    if (local) {
      setServerErrors((e) => ({ ...e, [field.id]: local }));
      return;
    }
    setFileStatus((s) => ({ ...s, [field.id]: { uploading: true } }));
    const result = await uploadFile({ formId: form.id, fieldId: field.id, file, accessCode });
    setFileStatus(({ [field.id]: _, ...rest }) => rest);
    if (result.ok) change(field.id, result.value);
    else setServerErrors((e) => ({ ...e, [field.id]: result.message }));
  };

  const fail = (message: string) => {
    setBanner(message);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting || preview) return;
    setAttempted(true);
    setBanner(null);
    await loadValidator();
    const found = errorsFor(shown, values, () => true);
    const firstInvalid = shown.find((f) => found[f.id] || serverErrors[f.id]);
    if (firstInvalid) {
      document.getElementsByName(firstInvalid.id)[0]?.focus();
      return;
    }
    const data: Record<string, unknown> = {};
    for (const field of fields) {
      if (takesAnswer(field.type)) data[field.id] = answerOf(field, values[field.id] ?? null);
    }
    setSubmitting(true);
    // A submit inside the anti-spam window (browser autofill, fast typists) would be dropped by the
    // server while the page showed success: the page waits until the window has passed instead.
    const hold = timing.snapshot().startedAt + LIMITS.minSubmitDelayMs + HOLD_MARGIN_MS - Date.now();
    if (hold > 0) {
      setHoldMs(hold);
      await wait(hold);
      setHoldMs(0);
    }
    const timed = timing.snapshot();
    data._honeypot = decoy.current?.value ?? '';
    data._formLoadTime = timed.startedAt;
    const analytics = {
      totalTimeSpent: timed.totalTimeSpent,
      fieldInteractions: timed.fieldInteractions,
      completed: true,
    };
    try {
      const res = await submitForm(form.id, {
        data,
        metadata: {
          userAgent: navigator.userAgent,
          referrer: document.referrer,
          analytics,
          timestamp: Date.now(),
        },
        ...(accessCode ? { access_code: accessCode } : {}),
      });
      if (res.status >= 200 && res.status < 300) {
        const id = res.body?.submission_id;
        if (typeof id !== 'string' || id === '') return fail(FILL_TEXT.invalidResponse);
        trackSubmission(form.id, { submission_id: id, ...analytics });
        return onSubmitted();
      }
      if (res.status === 410) return onExpired(closedInfo(res));
      if (res.status === 422 && res.body?.fields && typeof res.body.fields === 'object') {
        setServerErrors(res.body.fields as Record<string, string>);
      }
      fail(submitErrorMessage(res.status, errorMessageOf(res)));
    } catch {
      fail(FILL_TEXT.problem);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-8" aria-busy={submitting}>
      {banner && (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {banner}
        </div>
      )}
      <FormRenderer
        fields={shown}
        values={values}
        errors={errors}
        onChange={change}
        onBlur={blur}
        onFocus={timing.focus}
        onFileSelect={selectFile}
        fileStatus={fileStatus}
        disabled={submitting}
      />
      {/* Anti-spam decoy: people never see or reach it; bots that fill every input trip it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
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
      <SubmitButton
        text={form.submitButtonText}
        submitting={submitting}
        holdMs={holdMs}
        disabled={preview || Object.keys(fileStatus).length > 0}
      />
      {preview && <p className="text-sm text-slate-600 dark:text-slate-400">{FILL_TEXT.previewSubmit}</p>}
    </form>
  );
}
