import type { Form } from '@formsmith/core/forms/form';
import { type ReactNode, useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { CanvasHeader } from './canvas-header.tsx';
import { FieldList } from './field-list.tsx';
import { FieldPalette } from './field-palette.tsx';
import { FieldProperties } from './field-properties.tsx';
import type { DraftAction } from './form-draft.ts';
import { FormPreview } from './form-preview.tsx';
import { FormSettings } from './form-settings.tsx';
import { useMediaQuery } from './use-media-query.ts';

type Tab = 'fields' | 'preview' | 'settings' | 'add' | 'properties';

const phoneTab = 'flex-1 px-0.5 text-xs sm:flex-none sm:px-3 sm:text-sm';

type WorkspaceProps = {
  form: Form;
  selectedId: string | null;
  /** Changes when the draft is swapped wholesale (undo, redo, reload): inputs start over from it. */
  revision: number;
  /** Show every field's problems (after a publish attempt), not only those of touched inputs. */
  showErrors: boolean;
  /** The server's messages of a refused save, by field id. */
  serverErrors?: Record<string, string>;
  dispatch: (action: DraftAction) => void;
  /** Below the settings (the version history of a stored form). */
  settingsExtra?: ReactNode;
};

/** Palette, fields and properties side by side on a desktop; one tab each on a phone. */
export function EditorWorkspace(props: WorkspaceProps) {
  const { form, selectedId, revision, showErrors, dispatch } = props;
  const [tab, setTab] = useState<Tab>('fields');
  const desktop = useMediaQuery('(min-width: 1024px)');
  const selected = form.fields.find((f) => f.id === selectedId);
  const activeTab = desktop && (tab === 'add' || tab === 'properties') ? 'fields' : tab;
  const properties = (
    <FieldProperties
      key={`${selectedId}-${revision}`}
      field={selected}
      fields={form.fields}
      dispatch={dispatch}
    />
  );

  const listProps = {
    fields: form.fields,
    selectedId,
    showErrors,
    serverErrors: props.serverErrors,
    keepOptionValues: form.submissions > 0,
    dispatch,
  };

  return (
    <Tabs value={activeTab} onValueChange={(v) => setTab(v as Tab)} className="mt-6">
      {/* On a phone the five tabs share the width, so none scrolls out of sight. */}
      <TabsList aria-label="Editor sections" className="flex w-full sm:inline-flex sm:w-auto">
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
        <TabsTrigger value="preview" className={phoneTab}>
          Preview
        </TabsTrigger>
        <TabsTrigger value="settings" className={phoneTab}>
          Settings
        </TabsTrigger>
      </TabsList>

      <TabsContent value="fields" className="mt-4">
        {desktop ? (
          <div className="grid grid-cols-[11rem_minmax(0,1fr)_18rem] xl:grid-cols-[12rem_minmax(0,1fr)_20rem] items-start gap-6">
            <aside className="sticky top-4">
              <FieldPalette onAdd={(fieldType) => dispatch({ type: 'add', fieldType })} />
            </aside>
            <div className="min-w-0 space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-950">
              <CanvasHeader form={form} dispatch={dispatch} />
              <FieldList {...listProps} />
            </div>
            <aside
              aria-label="Field properties"
              className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
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
      <TabsContent value="preview" className="mt-4">
        <FormPreview form={form} compact={!desktop} />
      </TabsContent>
      <TabsContent value="settings" className="mt-4">
        <FormSettings key={revision} form={form} titleError={null} dispatch={dispatch} />
        {props.settingsExtra && <div className="mx-auto mt-6 max-w-2xl">{props.settingsExtra}</div>}
      </TabsContent>
    </Tabs>
  );
}
