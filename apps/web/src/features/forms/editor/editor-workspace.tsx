import type { Form } from '@formsmith/core/fields/types';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { FieldList } from './field-list.tsx';
import { FieldPalette } from './field-palette.tsx';
import { FieldProperties } from './field-properties.tsx';
import type { DraftAction } from './form-draft.ts';
import { FormPreview } from './form-preview.tsx';
import { FormSettings } from './form-settings.tsx';
import { useMediaQuery } from './use-media-query.ts';

type Tab = 'fields' | 'preview' | 'settings' | 'add' | 'properties';

type WorkspaceProps = {
  form: Form;
  selectedId: string | null;
  /** Changes when the draft is swapped wholesale (undo, redo, reload): inputs start over from it. */
  revision: number;
  /** Show every field's problems (after a publish attempt), not only those of touched inputs. */
  showErrors: boolean;
  dispatch: (action: DraftAction) => void;
};

/** Palette, fields and properties side by side on a desktop; one tab each on a phone. */
export function EditorWorkspace({ form, selectedId, revision, showErrors, dispatch }: WorkspaceProps) {
  const [tab, setTab] = useState<Tab>('fields');
  const desktop = useMediaQuery('(min-width: 1024px)');
  const selected = form.fields.find((f) => f.id === selectedId);
  const activeTab = desktop && (tab === 'add' || tab === 'properties') ? 'fields' : tab;
  const properties = (
    <FieldProperties
      key={`${selectedId}-${revision}`}
      field={selected}
      fields={form.fields}
      showErrors={showErrors}
      dispatch={dispatch}
    />
  );

  return (
    <Tabs value={activeTab} onValueChange={(v) => setTab(v as Tab)} className="mt-6">
      <TabsList aria-label="Editor sections" className="flex-nowrap overflow-x-auto">
        <TabsTrigger value="fields">Fields</TabsTrigger>
        {!desktop && <TabsTrigger value="add">Add</TabsTrigger>}
        {!desktop && <TabsTrigger value="properties">Properties</TabsTrigger>}
        <TabsTrigger value="preview">Preview</TabsTrigger>
        <TabsTrigger value="settings">Settings</TabsTrigger>
      </TabsList>

      <TabsContent value="fields" className="mt-4">
        {desktop ? (
          <div className="grid grid-cols-[13rem_minmax(0,1fr)_22rem] items-start gap-6">
            <aside className="sticky top-4">
              <FieldPalette onAdd={(fieldType) => dispatch({ type: 'add', fieldType })} />
            </aside>
            <FieldList fields={form.fields} selectedId={selectedId} dispatch={dispatch} />
            <aside
              aria-label="Field properties"
              className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <h2 className="mb-3 text-sm font-semibold">Properties</h2>
              {properties}
            </aside>
          </div>
        ) : (
          <FieldList
            fields={form.fields}
            selectedId={selectedId}
            dispatch={(action) => {
              dispatch(action);
              // On a phone the properties live on their own tab: selecting a field opens it.
              if (action.type === 'select') setTab('properties');
            }}
          />
        )}
      </TabsContent>
      {!desktop && (
        <TabsContent value="add" className="mt-4">
          <FieldPalette
            onAdd={(fieldType) => {
              dispatch({ type: 'add', fieldType });
              setTab('properties');
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
      </TabsContent>
    </Tabs>
  );
}
