import { BarChart3, Eye } from 'lucide-react';
import type { ViewerAccessDraft } from '../settings-drafts.ts';
import { ChoiceCard } from './section.tsx';

const CHOICES = [
  { answers: true, label: 'Answers', hint: 'Viewers read, search and export the responses', Icon: Eye },
  {
    answers: false,
    label: 'Only counts',
    hint: 'Viewers see totals and charts, never what anyone wrote',
    Icon: BarChart3,
  },
] as const;

/** A team form's choice of what the workspace's viewers read; editors and above always read answers. */
export function ViewerAnswersChoice({ draft }: { draft: ViewerAccessDraft }) {
  return (
    <fieldset aria-describedby="viewer-answers-hint">
      <legend className="text-sm font-medium text-slate-900 dark:text-white">Viewers can see</legend>
      <p id="viewer-answers-hint" className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        For members with the viewer role. Editors, admins and owners always see the answers.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {CHOICES.map(({ answers, label, hint, Icon }) => (
          <ChoiceCard
            key={label}
            name="viewer_answers"
            label={label}
            hint={hint}
            Icon={Icon}
            checked={draft.value.answers === answers}
            onChoose={() => draft.set({ answers })}
          />
        ))}
      </div>
    </fieldset>
  );
}
