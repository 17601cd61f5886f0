import type { FormField } from '@formsmith/core/forms/field';
import type { Ending, FormLogic } from '@formsmith/core/logic/definition';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { FormField as Labelled } from '../../../../components/ui/form-field.tsx';
import { CheckboxField, controlClasses, Input } from '../../../../components/ui/input.tsx';
import { endingTitle, type NameChoice, newLogicId } from './logic-model.ts';
import type { LogicProblems } from './logic-problems.ts';
import { ProblemList } from './problem-list.tsx';
import { RecallTextarea } from './recall-textarea.tsx';

type Props = {
  logic: FormLogic;
  questions: FormField[];
  names: NameChoice[];
  problems: LogicProblems;
  onChange: (endings: Ending[], key?: string) => void;
};

/** Thank-you screens: the first where the form ends, others rules can end with; title, message with recall, an https redirect. */
export function EndingsEditor({ logic, questions, names, problems, onChange }: Props) {
  const { endings } = logic;
  const update = (index: number, patch: Partial<Ending>, key?: string) =>
    onChange(
      endings.map((e, i) => (i === index ? { ...e, ...patch } : e)),
      key && `${endings[index]?.id}:${key}`,
    );
  return (
    <div className="space-y-3">
      {endings.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No endings yet: every respondent sees the form's success message.
        </p>
      )}
      {endings.map((ending, i) => {
        const title = endingTitle(ending, i);
        const path = `logic.endings.${i}`;
        return (
          <article
            key={ending.id}
            aria-label={title}
            className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
          >
            <div className="flex items-center gap-2">
              <h3 className="min-w-0 flex-1 font-semibold break-words">{title}</h3>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete ${title}`}
                // The form always ends somewhere: its last ending stays.
                disabled={endings.length === 1}
                onClick={() => onChange(endings.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Delete
              </Button>
            </div>
            {i === 0 && (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Respondents see this ending when they finish the last page, unless a rule ends the form with
                another. Its message is the form's success message.
              </p>
            )}
            <Labelled label="Title">
              <Input value={ending.title} onChange={(e) => update(i, { title: e.target.value }, 'title')} />
            </Labelled>
            <Labelled label="Message" hint="Type @ to recall an answer or a variable">
              <RecallTextarea
                rows={3}
                className={controlClasses}
                value={ending.message}
                names={names}
                onChange={(message) => update(i, { message }, 'message')}
              />
            </Labelled>
            <Labelled
              label="Redirect to (optional)"
              hint="A full https:// address; the respondent goes there after submitting"
              error={problems.within(`${path}.redirectUrl`)[0]}
            >
              <Input
                type="url"
                placeholder="https://example.com/thanks"
                value={ending.redirectUrl ?? ''}
                onChange={(e) => update(i, { redirectUrl: e.target.value || undefined }, 'redirectUrl')}
              />
            </Labelled>
            {ending.redirectUrl && (
              <fieldset className="space-y-1">
                <legend className="text-sm font-medium">Answers passed to the address</legend>
                <div className="max-h-40 space-y-1 overflow-y-auto">
                  {questions.map((f) => (
                    <CheckboxField
                      key={f.id}
                      label={f.label || f.id}
                      checked={ending.redirectParams.includes(f.id)}
                      onChange={(e) =>
                        update(i, {
                          redirectParams: e.target.checked
                            ? [...ending.redirectParams, f.id]
                            : ending.redirectParams.filter((id) => id !== f.id),
                        })
                      }
                    />
                  ))}
                </div>
                <ProblemList messages={problems.at(`${path}.redirectParams`)} />
              </fieldset>
            )}
          </article>
        );
      })}
      <Button
        variant="secondary"
        size="sm"
        onClick={() =>
          onChange([
            ...endings,
            {
              id: newLogicId('ending'),
              title: `Ending ${endings.length + 1}`,
              message: '',
              redirectParams: [],
            },
          ])
        }
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add ending
      </Button>
    </div>
  );
}
