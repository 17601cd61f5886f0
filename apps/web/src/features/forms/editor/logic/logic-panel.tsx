import type { Form } from '@formsmith/core/forms/form';
import type { FormLogic, LogicRule } from '@formsmith/core/logic/definition';
import { Plus } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import type { DraftAction } from '../form-draft.ts';
import { EndingsEditor } from './endings-editor.tsx';
import { LogicMap } from './logic-map.tsx';
import { namesOf, newLogicId, pagesOf, questionsOf } from './logic-model.ts';
import type { LogicProblems } from './logic-problems.ts';
import { OffPathSetting, QuizSettings } from './quiz-settings.tsx';
import { RuleEditor } from './rule-editor.tsx';
import { VariablesEditor } from './variables-editor.tsx';

type Props = {
  form: Form;
  problems: LogicProblems;
  dispatch: (action: DraftAction) => void;
  /** A rule to bring into view (opened from a badge or the map); seq repeats a request. */
  focusRule: { id: string; seq: number } | null;
  onOpenRule: (id: string) => void;
  /** Selects a field on the Fields tab (from the logic map). */
  onSelectField: (id: string) => void;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** Everything about the form's logic: rules, variables, endings, quiz, and a map of the flow. */
export function LogicPanel({ form, problems, dispatch, focusRule, onOpenRule, onSelectField }: Props) {
  const { logic, fields } = form;
  const pages = pagesOf(fields);
  const questions = questionsOf(fields);
  const names = namesOf(fields, logic);
  const setLogic = (next: FormLogic, key?: string) => dispatch({ type: 'setLogic', logic: next, key });
  const setRule = (index: number, rule: LogicRule, key?: string) =>
    setLogic({ ...logic, rules: logic.rules.map((r, i) => (i === index ? rule : r)) }, key);

  useEffect(() => {
    if (!focusRule) return;
    const el = document.getElementById(`rule-${focusRule.id}`);
    el?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    el?.focus({ preventScroll: true });
  }, [focusRule]);

  const addRule = () => {
    const id = newLogicId('rule');
    const page = pages[0];
    const rule: LogicRule = {
      id,
      ...(page ? { page: page.id } : {}),
      match: 'all',
      conditions: [],
      actions: [{ type: 'jump', page: pages.at(-1)?.id ?? '' }],
    };
    setLogic({ ...logic, rules: [...logic.rules, rule] });
    onOpenRule(id);
  };

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-8">
        <Section title="Rules">
          {logic.rules.length === 0 && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              No rules yet. Rules jump between pages, end the form, show, hide or require questions and change
              variables. Add a page break on the Fields tab to split the form into pages.
            </p>
          )}
          {logic.rules.map((rule, i) => (
            <RuleEditor
              key={rule.id}
              rule={rule}
              index={i}
              pages={pages}
              questions={questions}
              logic={logic}
              names={names}
              problems={problems}
              onChange={(next, key) => setRule(i, next, key)}
              onRemove={() => setLogic({ ...logic, rules: logic.rules.filter((_, j) => j !== i) })}
            />
          ))}
          <Button variant="secondary" onClick={addRule}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add rule
          </Button>
        </Section>
        <Section title="Endings">
          <EndingsEditor
            logic={logic}
            questions={questions}
            names={names}
            problems={problems}
            onChange={(endings, key) => setLogic({ ...logic, endings }, key && `ending:${key}`)}
          />
        </Section>
        <Section title="Variables">
          <VariablesEditor
            logic={logic}
            problems={problems}
            onChange={(variables, key) => setLogic({ ...logic, variables }, key && `variable:${key}`)}
          />
        </Section>
      </div>
      <aside className="min-w-0 space-y-8">
        <Section title="Logic map">
          <LogicMap
            pages={pages}
            fields={fields}
            logic={logic}
            onOpenRule={onOpenRule}
            onSelectField={onSelectField}
          />
        </Section>
        <Section title="Quiz">
          <QuizSettings logic={logic} onChange={setLogic} />
        </Section>
        <Section title="Skipped questions">
          <OffPathSetting logic={logic} onChange={setLogic} />
        </Section>
      </aside>
    </div>
  );
}
