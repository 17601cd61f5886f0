import type { AccessRestriction } from '@formsmith/core/forms/form';
import { Globe, KeyRound, ShieldCheck } from 'lucide-react';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Switch } from '../../../../components/ui/switch.tsx';
import type { StoredForm } from '../../../../lib/forms-api/stored-form.ts';
import type { LimitsDraft, SharingDraft } from '../settings-drafts.ts';
import { ChoiceCard, SettingsSection, SwitchRow } from './section.tsx';

/** The form's address: its custom slug, and whether its numbered address answers at all. */
export function GeneralSection({ form, sharing }: { form: StoredForm; sharing: SharingDraft }) {
  const { value, set, errors } = sharing;
  return (
    <SettingsSection id="general" formError={errors.form}>
      <FormField
        label="Custom address"
        error={errors.slug}
        hint="3 to 60 lowercase letters, digits and hyphens; the form's address becomes /form/<address>"
      >
        <Input
          value={value.slug}
          onChange={(e) => set({ slug: e.target.value })}
          placeholder="my-form"
          spellCheck={false}
        />
      </FormField>
      <div className="space-y-1">
        <SwitchRow
          id="slug-only"
          label="Only reachable by its custom address"
          hint={
            <>
              The numbered address (/form/{form.id}) answers as if the form did not exist, so nobody finds it
              by trying numbers.
            </>
          }
          control={
            <Switch
              id="slug-only"
              checked={value.slugOnly}
              onCheckedChange={(slugOnly) => set({ slugOnly })}
              aria-describedby="slug-only-hint"
              aria-invalid={errors.slug_only ? true : undefined}
            />
          }
        />
        {errors.slug_only && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errors.slug_only}
          </p>
        )}
      </div>
    </SettingsSection>
  );
}

const RESTRICTIONS: { value: AccessRestriction; label: string; hint: string; Icon: typeof Globe }[] = [
  { value: 'public', label: 'Anyone with the link', hint: 'No code asked', Icon: Globe },
  { value: 'password', label: 'Access code', hint: 'Respondents type a code you give them', Icon: KeyRound },
  { value: 'private', label: 'Only you', hint: 'Nobody else can open the form', Icon: ShieldCheck },
];

/** Who may respond, how often, and the spam check. */
export function AccessSection({
  form,
  sharing,
  limits,
}: {
  form: StoredForm;
  sharing: SharingDraft;
  limits: LimitsDraft;
}) {
  const { value, set, errors } = sharing;
  const keepsCode = form.hasAccessCode && form.sharing.accessRestriction === 'password';
  return (
    <SettingsSection id="access" formError={errors.form ?? limits.errors.form}>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Who can respond</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {RESTRICTIONS.map(({ value: option, label, hint, Icon }) => (
            <ChoiceCard
              key={option}
              name="access_restriction"
              label={label}
              hint={hint}
              Icon={Icon}
              checked={value.accessRestriction === option}
              onChoose={() => set({ accessRestriction: option })}
            />
          ))}
        </div>
      </fieldset>
      {value.accessRestriction === 'password' && (
        <FormField
          label="Access code"
          error={errors.access_code}
          required={!keepsCode}
          hint={keepsCode ? 'An access code is set; type a new one to change it' : undefined}
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={value.accessCode}
            onChange={(e) => set({ accessCode: e.target.value })}
          />
        </FormField>
      )}
      <SwitchRow
        id="one-per-browser"
        label="One response per browser"
        hint="A browser that has responded is told so instead of getting the form again."
        control={
          <Switch
            id="one-per-browser"
            checked={limits.value.onePerBrowser}
            onCheckedChange={(onePerBrowser) => limits.set({ onePerBrowser })}
            aria-describedby="one-per-browser-hint"
          />
        }
      />
      <SwitchRow
        id="spam-challenge"
        label="Spam check"
        hint="The respondent's browser solves a small puzzle for a second or two before sending, with no outside service. It makes sending many responses by script costly; it does not stop a determined sender. Without JavaScript the form is still accepted, checked by its timing and a hidden decoy field."
        control={
          <Switch
            id="spam-challenge"
            checked={limits.value.spamChallenge}
            onCheckedChange={(spamChallenge) => limits.set({ spamChallenge })}
            aria-describedby="spam-challenge-hint"
          />
        }
      />
    </SettingsSection>
  );
}
