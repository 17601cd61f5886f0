import type { AccessRestriction } from '@formsmith/core/forms/form';
import { Globe, Lock, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import type { StoredForm } from '../../../lib/forms-api/stored-form.ts';
import { useUpdateSharing } from '../api/update-sharing.ts';
import type { PageMessage } from './publish-page.tsx';

const RESTRICTIONS: { value: AccessRestriction; label: string; hint: string; Icon: typeof Globe }[] = [
  { value: 'public', label: 'Public', hint: 'Anyone with the link can respond', Icon: Globe },
  { value: 'password', label: 'Password', hint: 'Respondents need an access code', Icon: Lock },
  { value: 'private', label: 'Private', hint: 'Only you can open the form', Icon: ShieldCheck },
];

/** Today as YYYY-MM-DD in the owner's time zone: the earliest expiration date. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

type Props = { form: StoredForm; onMessage: (message: PageMessage) => void };

/** Access restriction, slug, access code (password forms) and expiration date. */
export function SharingSettingsCard({ form, onMessage }: Props) {
  const { sharing } = form;
  const [restriction, setRestriction] = useState<AccessRestriction>(sharing.accessRestriction);
  const [slug, setSlug] = useState(sharing.slug ?? '');
  const [slugOnly, setSlugOnly] = useState(sharing.slugOnly ?? false);
  const [accessCode, setAccessCode] = useState('');
  const [expirationDate, setExpirationDate] = useState(sharing.expirationDate?.slice(0, 10) ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSharing();
  // A password form that already has a code keeps it when the field is left blank.
  const keepsCode = form.hasAccessCode && sharing.accessRestriction === 'password';

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (restriction === 'password' && !accessCode && !keepsCode)
      next.access_code = 'Access code is required for password-protected forms';
    if (slugOnly && !slug.trim())
      next.slug_only = 'Give the form a custom slug first: without one it could not be opened at all';
    if (expirationDate && expirationDate < today())
      next.expiration_date = 'Expiration date cannot be in the past';
    setErrors(next);
    if (Object.keys(next).length) return;
    update.mutate(
      { id: form.id, input: { slug, slugOnly, accessRestriction: restriction, accessCode, expirationDate } },
      {
        onSuccess: () => {
          setAccessCode('');
          onMessage({ tone: 'success', text: 'Sharing settings updated successfully!' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          const detail = error instanceof ApiError && error.status < 500 ? `: ${error.message}` : '';
          onMessage({ tone: 'error', text: `Failed to update sharing settings${detail}` });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold">Sharing settings</h2>
      </CardHeader>
      <CardBody>
        <form className="space-y-5" onSubmit={submit} noValidate>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Access restriction</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {RESTRICTIONS.map(({ value, label, hint, Icon }) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer flex-col gap-1 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                    restriction === value
                      ? 'border-brand-500 bg-brand-50 dark:bg-brand-900/40'
                      : 'border-slate-200 dark:border-slate-700',
                  )}
                >
                  <span className="flex items-center gap-2 font-medium">
                    <input
                      type="radio"
                      name="access_restriction"
                      value={value}
                      checked={restriction === value}
                      onChange={() => setRestriction(value)}
                      className="h-4 w-4 accent-brand-600"
                    />
                    <Icon aria-hidden="true" className="h-4 w-4" />
                    {label}
                  </span>
                  <span className="text-xs text-slate-600 dark:text-slate-300">{hint}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <FormField
            label="Custom slug"
            error={errors.slug}
            hint="3 to 60 lowercase letters, digits and hyphens; the form's address becomes /form/<slug>"
          >
            <Input
              value={slug}
              onChange={(e) => setSlug(e.target.value)}
              placeholder="my-form"
              spellCheck={false}
            />
          </FormField>
          <div className="space-y-1">
            <div className="flex items-center gap-3">
              <Switch
                id="slug-only"
                checked={slugOnly}
                onCheckedChange={setSlugOnly}
                aria-describedby="slug-only-hint"
                aria-invalid={errors.slug_only ? true : undefined}
              />
              <label htmlFor="slug-only" className="text-sm font-medium">
                Only reachable by its custom link
              </label>
            </div>
            <p id="slug-only-hint" className="text-xs text-slate-600 dark:text-slate-300">
              The numbered address (/form/{form.id}) answers as if the form did not exist, so nobody finds it
              by trying numbers.
            </p>
            {errors.slug_only && (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {errors.slug_only}
              </p>
            )}
          </div>
          {restriction === 'password' && (
            <FormField
              label="Access code"
              error={errors.access_code}
              required={!keepsCode}
              hint={keepsCode ? 'An access code is set; type a new one to change it' : undefined}
            >
              <Input
                type="password"
                autoComplete="new-password"
                value={accessCode}
                onChange={(e) => setAccessCode(e.target.value)}
              />
            </FormField>
          )}
          <FormField
            label="Expiration date"
            error={errors.expiration_date}
            hint="Optional; the form stops accepting responses after this day"
          >
            <Input
              type="date"
              min={today()}
              value={expirationDate}
              onChange={(e) => setExpirationDate(e.target.value)}
            />
          </FormField>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
