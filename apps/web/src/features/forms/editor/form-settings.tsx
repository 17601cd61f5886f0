import type { Form } from '@formsmith/core/forms/form';
import { endingFromMessage, plainEnding } from '@formsmith/core/logic/endings';
import { SPAM_CHALLENGE_SETTING, spamChallengeOn } from '@formsmith/core/submissions/spam-challenge';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Checkbox, Input, Select, Textarea } from '../../../components/ui/input.tsx';
import type { DraftAction } from './form-draft.ts';

type Props = { form: Form; titleError: string | null; dispatch: (action: DraftAction) => void };

/** Title, description, submit button text, success message (the plain ending's), logo URL, layout and the spam check. */
export function FormSettings({ form, titleError, dispatch }: Props) {
  const set = (patch: Extract<DraftAction, { type: 'setMeta' }>['patch']) =>
    dispatch({ type: 'setMeta', patch });
  // The success message is the plain ending's text (one thing, shown here and on the Logic tab).
  const { logic } = form;
  const plain = plainEnding(logic);
  const setMessage = (message: string) =>
    dispatch({
      type: 'setLogic',
      logic: {
        ...logic,
        endings: plain
          ? [{ ...plain, message }, ...logic.endings.slice(1)]
          : [endingFromMessage(message, logic.endings)],
      },
      key: 'success-message',
    });
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <FormField label="Form title" error={titleError ?? undefined} required>
        <Input value={form.title} onChange={(e) => set({ title: e.target.value })} />
      </FormField>
      <FormField label="Description">
        <Textarea rows={3} value={form.description} onChange={(e) => set({ description: e.target.value })} />
      </FormField>
      <FormField label="Submit button text">
        <Input value={form.submitButtonText} onChange={(e) => set({ submitButtonText: e.target.value })} />
      </FormField>
      <FormField
        label="Success message"
        hint="Shown when the form ends; it is the message of the first ending on the Logic tab"
      >
        <Textarea rows={2} value={plain?.message ?? ''} onChange={(e) => setMessage(e.target.value)} />
      </FormField>
      <FormField label="Logo URL" hint="An image shown above the form's title">
        <Input
          type="url"
          placeholder="https://example.com/logo.png"
          value={form.logoUrl ?? ''}
          onChange={(e) => set({ logoUrl: e.target.value || undefined })}
        />
      </FormField>
      <FormField
        label="Display"
        hint="One question at a time shows a field per screen, worked from the keyboard"
      >
        <Select
          value={form.display}
          onChange={(e) => set({ display: e.target.value === 'one_at_a_time' ? 'one_at_a_time' : 'classic' })}
        >
          <option value="classic">Classic (a page at a time)</option>
          <option value="one_at_a_time">One question at a time</option>
        </Select>
      </FormField>
      <div className="space-y-1">
        <div className="flex items-start gap-2">
          <Checkbox
            id="spam-challenge"
            className="mt-0.5"
            aria-describedby="spam-challenge-hint"
            checked={spamChallengeOn(form.themeConfig)}
            onChange={(e) =>
              set({ themeConfig: { ...form.themeConfig, [SPAM_CHALLENGE_SETTING]: e.target.checked } })
            }
          />
          <label htmlFor="spam-challenge" className="text-sm font-medium">
            Spam check: the respondent's browser solves a small puzzle before sending
          </label>
        </div>
        <p id="spam-challenge-hint" className="text-sm text-slate-600 dark:text-slate-300">
          It runs in the background for a second or two, with no outside service. It makes sending many
          responses by script costly; it does not stop a determined sender. Without JavaScript the form is
          still accepted, checked only by its timing and a hidden decoy field. Takes effect when you publish.
        </p>
      </div>
    </div>
  );
}
