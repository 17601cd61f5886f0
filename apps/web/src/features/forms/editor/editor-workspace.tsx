import type { Form } from '@formsmith/core/forms/form';
import type { FormProblem } from '@formsmith/core/forms/problems';
import { useEffect, useRef, useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { DesignPanel } from '../design/design-panel.tsx';
import { CanvasFooter } from './canvas-footer.tsx';
import { CanvasHeader } from './canvas-header.tsx';
import { FieldList } from './field-list.tsx';
import { FieldPalette } from './field-palette.tsx';
import { FieldProperties } from './field-properties.tsx';
import type { DraftAction } from './form-draft.ts';
import { FormPreview } from './form-preview.tsx';
import { LanguagesPanel } from './languages/languages-panel.tsx';
import type { Suggestions } from './languages/translate-with-ai.tsx';
import { LogicPanel } from './logic/logic-panel.tsx';
import { useLogicProblems } from './logic/logic-problems.ts';
import { fieldRowId, ProblemsPanel } from './problems-panel.tsx';
import { useMediaQuery } from './use-media-query.ts';

type Tab = 'fields' | 'logic' | 'languages' | 'design' | 'preview' | 'add' | 'properties';

const phoneTab = 'px-1 text-xs sm:px-3 sm:text-sm';

type WorkspaceProps = {
  form: Form;
  /** The stored form's id (none before a new form's first save). */
  formId: number | undefined;
  selectedId: string | null;
  /** Changes when the draft is swapped wholesale (undo, redo, reload): inputs start over from it. */
  revision: number;
  /** Show every field's problems (after a publish attempt), not only those of touched inputs. */
  showErrors: boolean;
  /** The server's messages of a refused save, by field id. */
  serverErrors?: Record<string, string>;
  dispatch: (action: DraftAction) => void;
  /** What the server named when it last refused the draft, by path. */
  serverProblems?: Record<string, string>;
  /** What keeps the draft from being published (core's formProblems), as far as shown yet. */
  problems: FormProblem[];
  /** Bumped when a publish was refused: the problems list takes the focus. */
  problemsFocus: number;
};

/** Palette, fields and properties side by side on a desktop; one tab each on a phone. */
export function EditorWorkspace(props: WorkspaceProps) {
  const { form, selectedId, revision, showErrors, dispatch } = props;
  const [tab, setTab] = useState<Tab>('fields');
  const [focusRule, setFocusRule] = useState<{ id: string; seq: number } | null>(null);
  // Kept here, not in the tab, so a model's suggestions wait while the owner looks elsewhere.
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const problems = useLogicProblems(props.problems, props.serverProblems);
  const openRule = (id: string) => {
    setTab('logic');
    setFocusRule((previous) => ({ id, seq: (previous?.seq ?? 0) + 1 }));
  };
  const [focusField, setFocusField] = useState<{ id: string; seq: number } | null>(null);
  const selectField = (id: string) => {
    setTab('fields');
    dispatch({ type: 'select', id });
    setFocusField((previous) => ({ id, seq: (previous?.seq ?? 0) + 1 }));
  };
  // Once the canvas shows the selected field: bring it into view, its first input to the keyboard.
  useEffect(() => {
    if (!focusField) return;
    const row = document.getElementById(fieldRowId(focusField.id));
    row?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    // The label's box, not the row's select button that comes before it in the document.
    const input =
      row?.querySelector<HTMLElement>('textarea, input') ??
      row?.querySelector<HTMLElement>('button[aria-pressed]');
    input?.focus({ preventScroll: true });
  }, [focusField]);
  const problemsRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (props.problemsFocus > 0) problemsRef.current?.focus();
  }, [props.problemsFocus]);
  // Beside each field on the canvas: its problems, but for its label's (the label shows those itself).
  const fieldProblems = new Map<string, string[]>();
  for (const problem of props.problems) {
    if (problem.fieldId === null || problem.path.endsWith('.label')) continue;
    fieldProblems.set(problem.fieldId, [...(fieldProblems.get(problem.fieldId) ?? []), problem.message]);
  }
  const desktop = useMediaQuery('(min-width: 1024px)');
  const selected = form.fields.find((f) => f.id === selectedId);
  const activeTab = desktop && (tab === 'add' || tab === 'properties') ? 'fields' : tab;
  const properties = (
    <FieldProperties
      key={`${selectedId}-${revision}`}
      field={selected}
      fields={form.fields}
      logic={form.logic}
      problemsAt={problems.at}
      problemsWithin={problems.within}
      dispatch={dispatch}
      onOpenRule={openRule}
    />
  );

  const listProps = {
    fields: form.fields,
    selectedId,
    showErrors,
    serverErrors: props.serverErrors,
    problems: fieldProblems,
    keepOptionValues: form.submissions > 0,
    logic: form.logic,
    onOpenRule: openRule,
    dispatch,
  };

  return (
    <>
      <ProblemsPanel
        ref={problemsRef}
        problems={props.problems}
        rules={form.logic.rules}
        onSelectField={selectField}
        onOpenRule={openRule}
      />
      <Tabs value={activeTab} onValueChange={(v) => setTab(v as Tab)} className="mt-6">
        {/* On a phone the eight tabs sit in two rows of four, so none scrolls out of sight. */}
        <TabsList aria-label="Editor sections" className="max-sm:grid max-sm:w-full max-sm:grid-cols-4">
          <TabsTrigger value="fields" className={phoneTab}>
            Fields
          </TabsTrigger>
          {!desktop && (
            <TabsTrigger value="add" className={phoneTab}>
              Add
            </TabsTrigger>
          )}
          {!desktop && (
            <TabsTrigger value="properties" className={phoneTab}>
              Properties
            </TabsTrigger>
          )}
          <TabsTrigger value="logic" className={phoneTab}>
            Logic
            {problems.count > 0 && (
              <span className="ml-1.5 rounded-full bg-red-100 px-1.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
                <span className="sr-only"> </span>
                {problems.count}
                <span className="sr-only"> {problems.count === 1 ? 'problem' : 'problems'}</span>
              </span>
            )}
          </TabsTrigger>
          <TabsTrigger value="languages" className={phoneTab}>
            Languages
          </TabsTrigger>
          <TabsTrigger value="design" className={phoneTab}>
            Design
          </TabsTrigger>
          <TabsTrigger value="preview" className={phoneTab}>
            Preview
          </TabsTrigger>
        </TabsList>

        <TabsContent value="fields" className="mt-4">
          {desktop ? (
            <div className="grid grid-cols-[11rem_minmax(0,1fr)_20rem] xl:grid-cols-[12rem_minmax(0,1fr)_24rem] items-start gap-6">
              {/* Both sides stay in view under the sticky top bar while the canvas scrolls. */}
              <aside className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto">
                <FieldPalette onAdd={(fieldType) => dispatch({ type: 'add', fieldType })} />
              </aside>
              <div className="min-w-0 space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-950">
                <CanvasHeader form={form} dispatch={dispatch} />
                <FieldList {...listProps} />
                <CanvasFooter form={form} dispatch={dispatch} onOpenLogic={() => setTab('logic')} />
              </div>
              <aside
                aria-label="Field properties"
                className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <h2 className="mb-3 text-sm font-semibold">Properties</h2>
                {properties}
              </aside>
            </div>
          ) : (
            <div className="space-y-4">
              <CanvasHeader form={form} dispatch={dispatch} />
              {/* On a phone the rest of a field's settings live on their own tab. */}
              <FieldList {...listProps} onMoreSettings={() => setTab('properties')} />
              <CanvasFooter form={form} dispatch={dispatch} onOpenLogic={() => setTab('logic')} />
            </div>
          )}
        </TabsContent>
        {!desktop && (
          <TabsContent value="add" className="mt-4">
            <FieldPalette
              onAdd={(fieldType) => {
                // The new field is selected on the canvas, ready for its label.
                dispatch({ type: 'add', fieldType });
                setTab('fields');
              }}
            />
          </TabsContent>
        )}
        {!desktop && (
          <TabsContent value="properties" className="mt-4">
            <h2 className="mb-3 text-sm font-semibold">Properties</h2>
            {properties}
          </TabsContent>
        )}
        <TabsContent value="logic" className="mt-4">
          <LogicPanel
            form={form}
            problems={problems}
            dispatch={dispatch}
            focusRule={focusRule}
            onOpenRule={openRule}
            onSelectField={selectField}
          />
        </TabsContent>
        <TabsContent value="languages" className="mt-4">
          <LanguagesPanel
            form={form}
            formId={props.formId}
            dispatch={dispatch}
            suggestions={suggestions}
            onSuggestions={setSuggestions}
          />
        </TabsContent>
        <TabsContent value="design" className="mt-4">
          <DesignPanel form={form} dispatch={dispatch} />
        </TabsContent>
        <TabsContent value="preview" className="mt-4">
          <FormPreview form={form} compact={!desktop} />
        </TabsContent>
      </Tabs>
    </>
  );
}
