import { blankForm } from '@formsmith/core/fields/normalize';
import { FORM_DEFAULTS, type Form } from '@formsmith/core/fields/types';
import { ArrowLeft, Save, Sparkles } from 'lucide-react';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ErrorBoundary } from '../../../components/ui/error-boundary.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useForm } from '../../../lib/forms-api/get-form.ts';
import { useSaveForm } from '../api/save-form.ts';
import { VersionHistoryPanel } from '../versions/version-history-panel.tsx';
import { AiGeneratorDialog } from './ai-generator-dialog.tsx';
import { FieldList } from './field-list.tsx';
import { FieldPalette } from './field-palette.tsx';
import { FieldProperties } from './field-properties.tsx';
import { draftReducer } from './form-draft.ts';
import { FormPreview } from './form-preview.tsx';
import { FormSettings } from './form-settings.tsx';
import { useMediaQuery } from './use-media-query.ts';

/** /forms/new, /create, /forms/ai-builder (dialog open at start) and /forms/:formId/edit. */
export function FormEditorPage() {
  const { formId } = useParams();
  const aiBuilder = useLocation().pathname === '/forms/ai-builder';
  const id = formId !== undefined && /^\d+$/.test(formId) ? Number(formId) : undefined;
  return (
    <ErrorBoundary>
      {formId === undefined ? (
        <Editor key={aiBuilder ? 'ai' : 'new'} initial={blankForm()} openAi={aiBuilder} />
      ) : (
        <ExistingFormEditor id={id} />
      )}
    </ErrorBoundary>
  );
}

function ExistingFormEditor({ id }: { id: number | undefined }) {
  const form = useForm(id);
  if (id === undefined) return <EditorMessage message="Form not found or unable to load form data" />;
  if (form.isPending)
    return (
      <div className="flex justify-center py-20">
        <Spinner label="Loading form" />
      </div>
    );
  if (form.isError)
    return <EditorMessage message={`Failed to load form from server: ${form.error.message}`} />;
  return <Editor key={id} initial={form.data} openAi={false} />;
}

function EditorMessage({ message }: { message: string }) {
  return (
    <section className="mx-auto max-w-2xl space-y-4 p-6">
      <Alert tone="error">{message}</Alert>
      <Link to="/dashboard/forms" className={buttonClasses('secondary')}>
        Back to forms
      </Link>
    </section>
  );
}

type Tab = 'fields' | 'preview' | 'settings' | 'add' | 'properties';

function withDefaults(form: Form): Form {
  return {
    ...form,
    title: form.title.trim(),
    submitButtonText: form.submitButtonText.trim() || FORM_DEFAULTS.submitButtonText,
    successMessage: form.successMessage.trim() || FORM_DEFAULTS.successMessage,
  };
}

function Editor({ initial, openAi }: { initial: Form; openAi: boolean }) {
  const [state, dispatch] = useReducer(draftReducer, { form: initial, selectedId: null });
  const [tab, setTab] = useState<Tab>('fields');
  const [aiOpen, setAiOpen] = useState(openAi);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveForm();
  const navigate = useNavigate();
  const desktop = useMediaQuery('(min-width: 1024px)');
  const latest = useRef(state.form);
  latest.current = state.form;
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const isNew = initial.id === undefined;
  const selected = state.form.fields.find((f) => f.id === state.selectedId);
  const activeTab = desktop && (tab === 'add' || tab === 'properties') ? 'fields' : tab;

  function onSave() {
    // Pending debounced edits are flushed on blur, which runs before this click.
    const form = withDefaults(latest.current);
    if (!form.title) {
      setTitleError('Title is required');
      setTab('settings');
      return;
    }
    setTitleError(null);
    save.mutate(form, {
      onSuccess: (stored) => {
        if (!isNew) {
          navigate(`/forms/${stored.id}/submissions`);
          return;
        }
        setSaved(true);
        redirect.current = setTimeout(() => navigate('/dashboard'), 500);
      },
    });
  }

  const saveError = save.error instanceof ApiError && save.error.status === 400 ? save.error.message : null;

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Link to="/dashboard/forms" className={buttonClasses('ghost', 'icon')} aria-label="Back to forms">
            <ArrowLeft aria-hidden="true" className="h-5 w-5" />
          </Link>
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-bold tracking-tight">
              {isNew ? 'Create Form' : 'Edit Form'}
            </h1>
            <p className="truncate text-sm text-slate-600 dark:text-slate-300">
              {state.form.title || 'Untitled'}
            </p>
          </div>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setAiOpen(true)}>
            <Sparkles aria-hidden="true" className="h-4 w-4" />
            <span className="hidden sm:inline">Generate with AI</span>
            <span className="sm:hidden">AI</span>
          </Button>
          <Button onClick={onSave} disabled={save.isPending || saved}>
            <Save aria-hidden="true" className="h-4 w-4" />
            {save.isPending ? 'Saving...' : 'Save Form'}
          </Button>
        </div>
      </header>

      {save.isError && (
        <Alert tone="error" className="mt-4">
          <p>Failed to save form. Please try again.</p>
          {saveError && <p className="mt-1">{saveError}</p>}
        </Alert>
      )}
      {saved && (
        <Alert tone="success" className="mt-4">
          Form saved successfully!
        </Alert>
      )}

      <Tabs value={activeTab} onValueChange={(v) => setTab(v as Tab)} className="mt-6">
        <TabsList aria-label="Editor sections">
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
              <FieldList fields={state.form.fields} selectedId={state.selectedId} dispatch={dispatch} />
              <aside
                aria-label="Field properties"
                className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <h2 className="mb-3 text-sm font-semibold">Properties</h2>
                <FieldProperties field={selected} fields={state.form.fields} dispatch={dispatch} />
              </aside>
            </div>
          ) : (
            <FieldList
              fields={state.form.fields}
              selectedId={state.selectedId}
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
            <FieldProperties field={selected} fields={state.form.fields} dispatch={dispatch} />
          </TabsContent>
        )}
        <TabsContent value="preview" className="mt-4">
          <FormPreview form={state.form} compact={!desktop} />
        </TabsContent>
        <TabsContent value="settings" className="mt-4">
          <FormSettings form={state.form} titleError={titleError} dispatch={dispatch} />
          {state.form.id !== undefined && (
            <div className="mx-auto mt-6 max-w-2xl">
              <VersionHistoryPanel
                formId={state.form.id}
                onRestored={(form) => dispatch({ type: 'replace', form })}
              />
            </div>
          )}
        </TabsContent>
      </Tabs>

      <AiGeneratorDialog
        open={aiOpen}
        onOpenChange={setAiOpen}
        onGenerated={(generated) =>
          dispatch({
            type: 'replace',
            form: {
              ...state.form,
              title: generated.title,
              description: generated.description,
              fields: generated.fields,
            },
          })
        }
      />
    </section>
  );
}
