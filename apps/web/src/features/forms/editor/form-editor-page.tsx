import { blankForm } from '@formsmith/core/forms/form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ErrorBoundary } from '../../../components/ui/error-boundary.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { accessAllows, useFormAccess } from '../../../lib/forms-api/form-access.ts';
import { useForm } from '../../../lib/forms-api/get-form.ts';
import { Editor } from './editor.tsx';
import { ReadOnlyForm } from './read-only-form.tsx';
import { type EditorSessionState, isEditorSession } from './use-leave-guard.ts';

/**
 * Editors of new forms that have since been stored, in this page's lifetime. Their URL became the
 * form's edit URL and the same editor stays mounted; after a reload the form is loaded instead.
 */
const storedSessions = new Set<string>();

/** /forms/new, /create, /forms/ai-builder (dialog open at start) and /forms/:formId/edit. */
export function FormEditorPage() {
  const { formId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session =
    isEditorSession(location.state) && storedSessions.has(location.state.editorSession)
      ? location.state.editorSession
      : null;

  if (formId !== undefined && session === null) {
    return (
      <ErrorBoundary>
        <ExistingFormEditor id={/^\d+$/.test(formId) ? Number(formId) : undefined} />
      </ErrorBoundary>
    );
  }
  const key = session ?? `new-${location.key}`;
  return (
    <ErrorBoundary>
      <Editor
        key={key}
        initial={blankForm()}
        openAi={location.pathname === '/forms/ai-builder'}
        onCreated={(id) => {
          storedSessions.add(key);
          const state: EditorSessionState = { editorSession: key };
          navigate(`/forms/${id}/edit`, { replace: true, state });
        }}
      />
    </ErrorBoundary>
  );
}

function ExistingFormEditor({ id }: { id: number | undefined }) {
  const form = useForm(id);
  const access = useFormAccess(id);
  if (id === undefined) return <EditorMessage message="Form not found or unable to load form data" />;
  if (form.isPending || access.isPending)
    return (
      <div className="flex justify-center py-20">
        <Spinner label="Loading form" />
      </div>
    );
  if (form.isError)
    return <EditorMessage message={`Failed to load form from server: ${form.error.message}`} />;
  // A viewer gets the form to look at, not an editor whose every change would be refused.
  if (access.data && !accessAllows(access.data, 'editor'))
    return <ReadOnlyForm formId={id} form={form.data} />;
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
