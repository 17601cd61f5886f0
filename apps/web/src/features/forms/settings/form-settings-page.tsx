import { isTypedEmailField } from '@formsmith/core/form-settings/confirmation-recipient';
import { useNavigate, useParams } from 'react-router';
import { FormPageNav } from '../../../components/form-page-nav.tsx';
import { ErrorBoundary } from '../../../components/ui/error-boundary.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { WebhooksCard } from '../../../components/webhooks/webhooks-card.tsx';
import { useForm } from '../../../lib/forms-api/get-form.ts';
import type { StoredForm } from '../../../lib/forms-api/stored-form.ts';
import { formWebhooks } from '../../../lib/webhooks-api/webhooks.ts';
import { useCurrentWorkspace } from '../../../lib/workspaces-api/current-workspace.ts';
import { LeaveDialog } from '../editor/leave-dialog.tsx';
import { useLeaveGuard } from '../editor/use-leave-guard.ts';
import { VersionHistoryPanel } from '../versions/version-history-panel.tsx';
import { ScheduledReportsCard } from './components/scheduled-reports-card.tsx';
import { SaveBar } from './save-bar.tsx';
import { AccessSection, GeneralSection } from './sections/general-access.tsx';
import { NotificationsSection } from './sections/notifications.tsx';
import { PrivacySection } from './sections/privacy.tsx';
import { ScheduleSection } from './sections/schedule.tsx';
import { SECTIONS, SettingsSection, sectionAnchor } from './sections/section.tsx';
import {
  type SettingsData,
  useConfirmationDraft,
  useLimitsDraft,
  useNotificationsDraft,
  usePartialsDraft,
  useSettingsData,
  useSharingDraft,
  useViewerAccessDraft,
} from './settings-drafts.ts';
import { SettingsSaveProvider, useSettingsSave } from './settings-save.tsx';

/** /forms/:formId/settings: every setting of one form, in sections, saved with one button. */
export function FormSettingsPage() {
  const { formId } = useParams();
  const id = formId && /^\d+$/.test(formId) ? Number(formId) : undefined;
  return (
    <ErrorBoundary>
      <section className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6 lg:px-8">
        {id === undefined ? <Alert tone="error">Form ID is required</Alert> : <SettingsLoader id={id} />}
      </section>
    </ErrorBoundary>
  );
}

function SettingsLoader({ id }: { id: number }) {
  const form = useForm(id);
  const settings = useSettingsData(id);
  if (form.isPending || settings.pending)
    return (
      <div className="flex justify-center py-20">
        <Spinner label="Loading settings" />
      </div>
    );
  if (form.isError || settings.failed || !settings.data)
    return <Alert tone="error">The settings could not be loaded. Reload the page to try again.</Alert>;
  return <SettingsPage form={form.data} data={settings.data} />;
}

function SettingsPage({ form, data }: { form: StoredForm; data: SettingsData }) {
  const save = useSettingsSave();
  const blocker = useLeaveGuard(save.isDirty);
  return (
    <SettingsSaveProvider registry={save.registry}>
      <div className="space-y-4">
        <div className="space-y-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
            <p className="break-words text-slate-600 dark:text-slate-300">{form.title}</p>
          </div>
          <FormPageNav formId={form.id} />
        </div>
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-900 dark:text-slate-300">
          Settings take effect on the live form as soon as you save them. Questions, design, logic and
          languages go live when you publish them from the editor.
        </p>
        <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
          <nav aria-label="Settings sections" className="mb-4 lg:mb-0">
            <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm lg:sticky lg:top-24 lg:flex-col lg:gap-1">
              {SECTIONS.map((s) => (
                <li key={s.id}>
                  <a
                    href={`#${sectionAnchor(s.id)}`}
                    className="block rounded-md py-1 text-brand-700 underline-offset-2 hover:underline lg:px-2 lg:text-slate-700 lg:no-underline lg:hover:bg-slate-100 dark:text-brand-300 lg:dark:text-slate-300 lg:dark:hover:bg-slate-800"
                  >
                    {s.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="min-w-0 space-y-8 pb-4">
            <Sections form={form} data={data} />
          </div>
        </div>
        <SaveBar
          dirtyLabels={save.dirtyLabels}
          state={save.state}
          onSave={() => void save.saveAll().then((ok) => ok || focusFirstProblem())}
          onDiscard={save.discardAll}
        />
      </div>
      <LeaveDialog blocker={blocker} />
    </SettingsSaveProvider>
  );
}

/** After a refused save: the keyboard to the first input with a message. */
function focusFirstProblem() {
  requestAnimationFrame(() => {
    const input = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    input?.scrollIntoView({ block: 'center' });
    input?.focus({ preventScroll: true });
  });
}

function Sections({ form, data }: { form: StoredForm; data: SettingsData }) {
  const navigate = useNavigate();
  const emailFields = form.fields.filter(isTypedEmailField);
  const sharing = useSharingDraft(form);
  const limits = useLimitsDraft(form.id, data.limits);
  const notifications = useNotificationsDraft(form.id, data.notifications);
  const partials = usePartialsDraft(form.id, data.partials);
  const confirmation = useConfirmationDraft(form.id, data.confirmation, emailFields[0]?.id ?? null);
  const viewers = useViewerAccessDraft(form.id, data.access.viewer_answers);
  const { workspaces } = useCurrentWorkspace();
  const personal = workspaces.some((w) => w.id === data.access.workspace_id && w.personal);
  return (
    <>
      <GeneralSection form={form} sharing={sharing} />
      <AccessSection form={form} sharing={sharing} limits={limits} />
      <ScheduleSection formId={form.id} status={data.limits} limits={limits} sharing={sharing} />
      <NotificationsSection
        formId={form.id}
        notifications={notifications}
        confirmation={confirmation}
        emailFields={emailFields}
        fields={form.fields}
      />
      <SettingsSection
        id="integrations"
        bare
        description="Webhooks and scheduled reports act as soon as you add, change or remove them."
      >
        <WebhooksCard owner={formWebhooks(form.id)} />
        <ScheduledReportsCard formId={form.id} />
      </SettingsSection>
      <PrivacySection
        formId={form.id}
        notifications={notifications}
        partials={partials}
        viewers={personal ? null : viewers}
      />
      <SettingsSection
        id="versions"
        bare
        description="Each publish is kept. Restoring one makes it your draft; respondents keep the live version until you publish."
      >
        <VersionHistoryPanel formId={form.id} onRestored={() => navigate(`/forms/${form.id}/edit`)} />
      </SettingsSection>
    </>
  );
}
