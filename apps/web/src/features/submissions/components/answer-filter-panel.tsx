import { type AnswerChoice, answerChoices } from '@formsmith/core/fields/options';
import type { Form } from '@formsmith/core/forms/form';
import {
  ANSWER_RULE_LABELS,
  type AnswerFilter,
  type AnswerRule,
  type AnswerRuleOp,
  answerFilterSchema,
  answerRuleOps,
} from '@formsmith/core/submissions/answer-filter';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, Input, Select } from '../../../components/ui/input.tsx';
import { availableColumns } from '../hooks/use-table-columns.ts';

// The conditions on answers: typed here as drafts (text in inputs), checked with core's schema when
// applied, so what the server receives is exactly what the person typed or an error they can read.

const SCORE = '__score';

/** `values`: the choices ticked for is / is not (any of / none of); `value`: the text for contains. */
type Draft = { field: string; op: AnswerRuleOp; value: string; values: string[]; min: string; max: string };

const blank = (field: string, op: AnswerRuleOp): Draft => ({
  field,
  op,
  value: '',
  values: [],
  min: '',
  max: '',
});

function draftOf(rule: AnswerRule): Draft {
  const bound = (v: number | string | undefined) => (v === undefined ? '' : String(v));
  switch (rule.op) {
    case 'is':
    case 'is_not':
      return { ...blank(rule.field, rule.op), values: rule.values };
    case 'contains':
      return { ...blank(rule.field, rule.op), value: rule.text };
    case 'present':
      return blank(rule.field, rule.op);
    case 'between':
    case 'dates':
      return { ...blank(rule.field, rule.op), min: bound(rule.min), max: bound(rule.max) };
    case 'score':
      return { ...blank(SCORE, 'score'), min: bound(rule.min), max: bound(rule.max) };
  }
}

/** The rule a draft stands for, unchecked (the schema checks it). */
function ruleOf(draft: Draft): unknown {
  const num = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const day = (text: string) => (text === '' ? undefined : text);
  switch (draft.op) {
    case 'is':
    case 'is_not':
      return { op: draft.op, field: draft.field, values: draft.values };
    case 'contains':
      return { op: draft.op, field: draft.field, text: draft.value };
    case 'present':
      return { op: draft.op, field: draft.field };
    case 'between':
      return { op: draft.op, field: draft.field, min: num(draft.min), max: num(draft.max) };
    case 'dates':
      return { op: draft.op, field: draft.field, min: day(draft.min), max: day(draft.max) };
    case 'score':
      return { op: draft.op, min: num(draft.min), max: num(draft.max) };
  }
}

/**
 * The choices to tick: the question's own, then any value a filter holds that the question no
 * longer offers (a removed option in an old link), so applying again never drops it unseen.
 */
function choiceList(choices: AnswerChoice[] | undefined, picked: string[]): AnswerChoice[] {
  const own = choices ?? [];
  const gone = picked.filter((v) => !own.some((c) => c.value === v));
  return [...own, ...gone.map((v) => ({ label: `${v} (no longer offered)`, value: v }))];
}

type PanelProps = {
  form: Form;
  filter: AnswerFilter | null;
  /** End-to-end encrypted: the server cannot read the answers, so it cannot filter them. */
  encrypted: boolean;
  onApply: (filter: AnswerFilter | null) => void;
};

/** "Filter on answers": conditions on questions (and the quiz score), joined by AND or OR. */
export function AnswerFilterPanel({ form, filter, encrypted, onApply }: PanelProps) {
  const questions = availableColumns(form).flatMap((c) => (c.kind === 'field' ? [c.field] : []));
  const first = questions[0];
  const [join, setJoin] = useState<AnswerFilter['join']>(filter?.join ?? 'and');
  const [drafts, setDrafts] = useState<Draft[]>(
    filter ? filter.rules.map(draftOf) : first ? [blank(first.id, answerRuleOps(first.type)[0]!)] : [],
  );
  const [error, setError] = useState<string | null>(null);

  if (encrypted) {
    return (
      <section
        aria-label="Filter on answers"
        className="rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800"
      >
        This form is end-to-end encrypted: the server cannot read its answers, so the table cannot be filtered
        on them. The search box still searches the answers in this browser once the form is unlocked.
      </section>
    );
  }

  const opsOf = (field: string): AnswerRuleOp[] =>
    field === SCORE ? ['score'] : answerRuleOps(questions.find((q) => q.id === field)?.type ?? 'text');
  const change = (i: number, next: Partial<Draft>) =>
    setDrafts((all) => all.map((d, at) => (at === i ? { ...d, ...next } : d)));
  const apply = () => {
    const parsed = answerFilterSchema.safeParse({ join, rules: drafts.map(ruleOf) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const row = typeof issue.path[1] === 'number' ? `Condition ${issue.path[1] + 1}: ` : '';
      setError(`${row}${issue.message}`);
      return;
    }
    setError(null);
    onApply(parsed.data);
  };

  return (
    <section
      aria-label="Filter on answers"
      className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor="answer-filter-join" className="font-medium text-slate-800 dark:text-slate-200">
          Show submissions that match
        </label>
        <Select
          id="answer-filter-join"
          className="w-auto"
          value={join}
          onChange={(e) => setJoin(e.target.value as AnswerFilter['join'])}
        >
          <option value="and">every condition (AND)</option>
          <option value="or">any condition (OR)</option>
        </Select>
      </div>
      <ol className="space-y-2">
        {drafts.map((draft, i) => {
          const n = i + 1;
          const question = questions.find((q) => q.id === draft.field);
          const choices = question ? answerChoices(question) : undefined;
          const numeric = draft.op === 'between' || draft.op === 'score';
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
            <li key={i} className="flex flex-wrap items-center gap-2">
              <Select
                aria-label={`Question ${n}`}
                className="w-full sm:w-56"
                value={draft.field}
                onChange={(e) => change(i, blank(e.target.value, opsOf(e.target.value)[0]!))}
              >
                {questions.map((q) => (
                  <option key={q.id} value={q.id}>
                    {q.label || q.id}
                  </option>
                ))}
                {form.logic.quiz.enabled && <option value={SCORE}>Quiz score</option>}
              </Select>
              <Select
                aria-label={`Condition ${n}`}
                className="w-full sm:w-auto"
                value={draft.op}
                onChange={(e) => change(i, { op: e.target.value as AnswerRuleOp })}
              >
                {opsOf(draft.field).map((op) => (
                  <option key={op} value={op}>
                    {ANSWER_RULE_LABELS[op]}
                  </option>
                ))}
              </Select>
              {(draft.op === 'is' || draft.op === 'is_not') && (
                <fieldset className="w-full sm:w-auto sm:min-w-0 sm:flex-1">
                  <legend className="sr-only">{`Values ${n}`}</legend>
                  <div className="flex max-h-40 flex-wrap gap-x-4 gap-y-1 overflow-y-auto rounded-md border border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-950">
                    {choiceList(choices, draft.values).map((c) => (
                      <CheckboxField
                        key={c.value}
                        label={c.label}
                        checked={draft.values.includes(c.value)}
                        onChange={(e) =>
                          change(i, {
                            values: e.target.checked
                              ? [...draft.values, c.value]
                              : draft.values.filter((v) => v !== c.value),
                          })
                        }
                      />
                    ))}
                  </div>
                </fieldset>
              )}
              {draft.op === 'contains' && (
                <Input
                  aria-label={`Text ${n}`}
                  className="w-full sm:w-48"
                  value={draft.value}
                  onChange={(e) => change(i, { value: e.target.value })}
                />
              )}
              {(numeric || draft.op === 'dates') && (
                <>
                  <Input
                    aria-label={`From ${n}`}
                    type={numeric ? 'number' : 'date'}
                    className="w-full sm:w-36"
                    value={draft.min}
                    onChange={(e) => change(i, { min: e.target.value })}
                  />
                  <Input
                    aria-label={`To ${n}`}
                    type={numeric ? 'number' : 'date'}
                    className="w-full sm:w-36"
                    value={draft.max}
                    onChange={(e) => change(i, { max: e.target.value })}
                  />
                </>
              )}
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove condition ${n}`}
                onClick={() => setDrafts((all) => all.filter((_, at) => at !== i))}
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </Button>
            </li>
          );
        })}
      </ol>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {first && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDrafts((all) => [...all, blank(first.id, answerRuleOps(first.type)[0]!)])}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add condition
          </Button>
        )}
        <Button size="sm" onClick={apply} disabled={drafts.length === 0}>
          Apply filter
        </Button>
        {filter && (
          <Button variant="ghost" size="sm" onClick={() => onApply(null)}>
            Clear answer filter
          </Button>
        )}
      </div>
    </section>
  );
}
