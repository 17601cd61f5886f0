import { RETENTION_DAYS } from '@formsmith/core/submissions/api';
import { Card, CardBody } from '../../../../components/ui/card.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../../components/ui/input.tsx';
import { Switch } from '../../../../components/ui/switch.tsx';
import { EncryptionCard } from '../components/encryption-card.tsx';
import type { NotificationsDraft, PartialsDraft, ViewerAccessDraft } from '../settings-drafts.ts';
import { SettingsSection, SwitchRow } from './section.tsx';
import { ViewerAnswersChoice } from './viewer-answers.tsx';

/** What a team's viewers read, how long answers are kept, unfinished answers, and encryption. */
export function PrivacySection({
  formId,
  notifications,
  partials,
  viewers,
}: {
  formId: number;
  notifications: NotificationsDraft;
  partials: PartialsDraft;
  /** A team workspace's form: what its viewers read (a personal workspace has no viewers). */
  viewers: ViewerAccessDraft | null;
}) {
  return (
    <SettingsSection id="privacy" bare formError={partials.errors.form ?? viewers?.errors.form}>
      <Card>
        <CardBody className="space-y-5">
          {viewers && <ViewerAnswersChoice draft={viewers} />}
          <FormField
            label="Keep submissions for"
            hint="Older submissions and their files are deleted once a day. This form's setting is the only one that deletes its submissions: there is no account-wide retention."
          >
            <Select
              value={notifications.value.retention}
              onChange={(e) => notifications.set({ retention: e.target.value })}
            >
              <option value="">Forever</option>
              {[...RETENTION_DAYS].reverse().map((days) => (
                <option key={days} value={String(days)}>
                  {days} days
                </option>
              ))}
            </Select>
          </FormField>
          <div className="space-y-4 border-t border-slate-200 pt-5 dark:border-slate-800">
            <SwitchRow
              id="save-partials"
              label="Save answers as respondents go"
              hint="Respondents can leave and continue later, on this device or through a link they get by email. Unfinished responses show under 'Incomplete' and never count as submissions."
              control={
                <Switch
                  id="save-partials"
                  checked={partials.value.on}
                  onCheckedChange={(on) => partials.set({ on })}
                  aria-describedby="save-partials-hint"
                />
              }
            />
            <FormField
              label="Keep unfinished responses for (days)"
              hint="Deleted with their files once untouched this long."
              error={partials.errors.partial_retention_days}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={365}
                value={partials.value.days}
                onChange={(e) => partials.set({ days: e.target.value })}
              />
            </FormField>
          </div>
        </CardBody>
      </Card>
      <EncryptionCard formId={formId} />
    </SettingsSection>
  );
}
