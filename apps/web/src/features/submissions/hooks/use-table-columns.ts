import { takesAnswer } from '@formsmith/core/fields/constants';
import type { Form } from '@formsmith/core/forms/form';
import { formLanguages } from '@formsmith/core/i18n/language';
import {
  fieldColumn,
  META_COLUMN_LABELS,
  META_COLUMNS,
  type MetaColumn,
  metaColumn,
  resolveColumns,
} from '@formsmith/core/submissions/view-state';
import { useCallback, useMemo, useState } from 'react';

/** A column the table can show: a question of the form or a meta column. */
export type TableColumn =
  | { key: string; label: string; kind: 'field'; field: Form['fields'][number] }
  | { key: string; label: string; kind: 'meta'; meta: MetaColumn };

const storageKey = (formId: number) => `formsmith.submissions.columns.${formId}`;

function readStored(formId: number): unknown {
  try {
    const text = localStorage.getItem(storageKey(formId));
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every column the form's table can show, questions in form order, then the meta columns. */
export function availableColumns(form: Form): TableColumn[] {
  const fields: TableColumn[] = form.fields
    .filter((f) => takesAnswer(f.type))
    .map((field) => ({ key: fieldColumn(field.id), label: field.label, kind: 'field', field }));
  const metas: TableColumn[] = META_COLUMNS.map((meta) => ({
    key: metaColumn(meta),
    label: META_COLUMN_LABELS[meta],
    kind: 'meta',
    meta,
  }));
  return [...fields, ...metas];
}

/** Shown at first: every question, the stage, assignee and time; the score and language where they mean something. */
function defaultColumns(form: Form, available: TableColumn[]): string[] {
  const quiz = form.logic.quiz.enabled;
  const multilingual = formLanguages(form).length > 1;
  return available
    .filter((c) => {
      if (c.kind === 'field') return true;
      if (c.meta === 'score') return quiz;
      if (c.meta === 'language') return multilingual;
      return true;
    })
    .map((c) => c.key);
}

/**
 * The table's shown columns in order, remembered per form in this browser: the unsaved state
 * (a saved view carries its own).
 */
export function useTableColumns(formId: number, form: Form) {
  const available = useMemo(() => availableColumns(form), [form]);
  const [stored, setStored] = useState<unknown>(() => readStored(formId));
  const shown = useMemo(
    () =>
      resolveColumns({
        available: available.map((c) => c.key),
        stored,
        defaults: defaultColumns(form, available),
      }),
    [available, stored, form],
  );
  const setShown = useCallback(
    (keys: string[]) => {
      setStored(keys);
      try {
        localStorage.setItem(storageKey(formId), JSON.stringify(keys));
      } catch {
        // Storage full or refused (private mode): the choice holds for this visit only.
      }
    },
    [formId],
  );
  const byKey = useMemo(() => new Map(available.map((c) => [c.key, c])), [available]);
  const columns = shown.map((key) => byKey.get(key)).filter((c): c is TableColumn => c !== undefined);
  return { available, shown, columns, setShown };
}
