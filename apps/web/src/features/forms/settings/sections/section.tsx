import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardBody } from '../../../../components/ui/card.tsx';
import { Alert } from '../../../../components/ui/feedback.tsx';
import { cn } from '../../../../lib/cn.ts';

export type SectionId =
  | 'general'
  | 'access'
  | 'schedule'
  | 'notifications'
  | 'integrations'
  | 'privacy'
  | 'versions';

export const SECTIONS: { id: SectionId; title: string }[] = [
  { id: 'general', title: 'General' },
  { id: 'access', title: 'Access' },
  { id: 'schedule', title: 'Schedule and limits' },
  { id: 'notifications', title: 'Notifications and confirmation' },
  { id: 'integrations', title: 'Integrations' },
  { id: 'privacy', title: 'Privacy and encryption' },
  { id: 'versions', title: 'Versions' },
];

export const sectionAnchor = (id: SectionId) => `settings-${id}`;

/**
 * One titled section of the settings page, a target of the page's section links. Its inputs sit in
 * one card; `bare` sections bring cards of their own (webhooks, versions).
 */
export function SettingsSection({
  id,
  description,
  formError,
  bare = false,
  children,
}: {
  id: SectionId;
  description?: ReactNode;
  /** A refused save that names no input. */
  formError?: string;
  bare?: boolean;
  children: ReactNode;
}) {
  const title = SECTIONS.find((s) => s.id === id)?.title ?? id;
  const headingId = `${sectionAnchor(id)}-heading`;
  return (
    <section id={sectionAnchor(id)} aria-labelledby={headingId} className="scroll-mt-24 space-y-3">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {description && <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      </div>
      {formError && <Alert tone="error">{formError}</Alert>}
      {bare ? (
        children
      ) : (
        <Card>
          <CardBody className="space-y-5">{children}</CardBody>
        </Card>
      )}
    </section>
  );
}

/** A labelled switch with its explanation under the label. */
export function SwitchRow({
  id,
  label,
  hint,
  control,
}: {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  control: ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-900 dark:text-white">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      </div>
      {control}
    </div>
  );
}

/** One option of a choice shown as cards (a radio button, an icon, a label and a hint under it). */
export function ChoiceCard({
  name,
  label,
  hint,
  Icon,
  checked,
  onChoose,
}: {
  name: string;
  label: string;
  hint: string;
  Icon: LucideIcon;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer flex-col gap-1 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
        checked
          ? 'border-brand-500 bg-brand-50 dark:bg-brand-900/40'
          : 'border-slate-200 dark:border-slate-700',
      )}
    >
      <span className="flex items-center gap-2 font-medium">
        <input
          type="radio"
          name={name}
          checked={checked}
          onChange={onChoose}
          className="h-4 w-4 accent-brand-600"
        />
        <Icon aria-hidden="true" className="h-4 w-4" />
        {label}
      </span>
      <span className="text-xs text-slate-600 dark:text-slate-300">{hint}</span>
    </label>
  );
}
