import type { ValidationMessages } from '@formsmith/core/fields/validate';
import type { FillFormView } from '@formsmith/core/fill-page/state';
import type { Form } from '@formsmith/core/forms/form';
import type { ResumeResponse } from '@formsmith/core/submissions/progress';
import { useMemo, useReducer, useRef } from 'react';
import { type FillStep, fillPath } from '../../../components/form-renderer/fill-steps.ts';
import { type FieldValue, initialValues } from '../../../components/form-renderer/values.ts';
import { answersOf } from '../lib/answers.ts';
import { fillSessionReducer, startFillSession } from '../lib/fill-session.ts';
import { prefillFromUrl } from '../lib/prefill.ts';
import { restoreValues } from '../lib/restore.ts';
import { errorsFor } from '../lib/validator.ts';

const EMPTY_STEP: FillStep = { id: 'empty', title: '', description: '', fields: [] };

type Start = {
  form: Form;
  /** Answers resumed from a save: they come first, over what the page opened with. */
  resumed: ResumeResponse | null;
  /** The screen the server rendered (values, the screen, errors, banner), taken over as it was. */
  initial?: Pick<FillFormView, 'values' | 'stepId' | 'errors' | 'banner'>;
  messages: ValidationMessages;
};

/**
 * The fill page's session: its state (fill-session.ts) with the path logic gives the answers,
 * the screen shown and its errors, and the transitions the page calls (moving between screens,
 * answering, leaving a field, showing the first screen with an error, failing with a banner).
 */
export function useFillSession({ form, resumed, initial, messages }: Start) {
  const oneAtATime = form.display === 'one_at_a_time';
  const [session, dispatch] = useReducer(fillSessionReducer, null, () => {
    const start =
      initial?.values ?? prefillFromUrl(form.fields, initialValues(form.fields), window.location.search);
    return startFillSession({
      values: resumed ? restoreValues(form.fields, start, resumed.data) : start,
      stepId: resumed?.step ?? initial?.stepId ?? null,
      errors: initial?.errors,
      banner: initial?.banner,
    });
  });
  // Whether the respondent has moved off the first screen: the focus and the saves follow moves.
  const moved = useRef(false);
  const { values, attempted, touched, serverErrors } = session;

  const answers = useMemo(() => answersOf(form.fields, values), [form.fields, values]);
  const path = useMemo(() => fillPath({ form, answers, oneAtATime }), [form, answers, oneAtATime]);
  const { steps } = path;
  const found = steps.findIndex((s) => s.id === session.stepId);
  const index = found === -1 ? 0 : found;
  const step: FillStep = steps[index] ?? EMPTY_STEP;
  const last = index >= steps.length - 1;

  const clientErrors = errorsFor(
    step.fields,
    values,
    (id) => attempted.has(step.id) || touched.has(id),
    messages,
  );
  const errors = { ...clientErrors, ...serverErrors };

  const goTo = (next: FillStep) => {
    moved.current = true;
    dispatch({ type: 'moved', stepId: next.id });
    window.scrollTo({ top: 0 });
  };

  const fail = (message: string) => {
    dispatch({ type: 'failed', message });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  /** Shows the first of these screens with an error and focuses it; false when none has one. */
  const showInvalid = (among: FillStep[], known: Record<string, string>) => {
    for (const s of among) {
      const stepErrors = { ...errorsFor(s.fields, values, () => true, messages), ...known };
      const invalid = s.fields.find((f) => stepErrors[f.id]);
      if (!invalid) continue;
      dispatch({ type: 'attempted', stepId: s.id });
      if (s.id !== step.id) goTo(s);
      else document.getElementsByName(invalid.id)[0]?.focus();
      return true;
    }
    return false;
  };

  return {
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
    change: (fieldId: string, value: FieldValue) => dispatch({ type: 'answered', fieldId, value }),
  };
}
