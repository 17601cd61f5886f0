import type { Form } from '@formsmith/core/forms/form';
import { formProblems } from '@formsmith/core/forms/problems';
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { FormPageNav } from '../../../components/form-page-nav.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { useFormWorkspaceId } from '../../../lib/forms-api/form-access.ts';
import { getForm } from '../../../lib/forms-api/get-form.ts';
import { usePresence } from '../../../lib/forms-api/presence.ts';
import { useSaveDraft } from '../../../lib/forms-api/save-form.ts';
import type { StoredForm } from '../../../lib/forms-api/stored-form.ts';
import { SaveAsTemplateButton } from '../templates/save-as-template.tsx';
import { AiGeneratorDialog } from './ai-generator-dialog.tsx';
import { AskAiButton } from './ask-ai-button.tsx';
import { AskAiDialog } from './ask-ai-dialog.tsx';
import { ConflictDialog } from './conflict-dialog.tsx';
import { DuplicateButton } from './duplicate-button.tsx';
import { EditorHeader } from './editor-header.tsx';
import { createHistory, historyReducer } from './editor-history.ts';
import { EditorWorkspace } from './editor-workspace.tsx';
import type { DraftAction } from './form-draft.ts';
import { LeaveDialog } from './leave-dialog.tsx';
import { mergeGenerated } from './merge-generated.ts';
import { EditorFormIdContext } from './picture-properties.tsx';
import { PublishControls } from './publish-controls.tsx';
import { placeSaveProblems } from './save-problems.ts';
import { useAutosave } from './use-autosave.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import { useUndoShortcuts } from './use-undo-shortcuts.ts';

type EditorProps = {
  initial: Form & { version?: number };
  openAi: boolean;
  /** A new form was stored for the first time. */
  onCreated?: (id: number) => void;
};

/** The form editor: a draft with undo history, saved as the owner works. */
export function Editor({ initial, openAi, onCreated }: EditorProps) {
  const [history, send] = useReducer(historyReducer, initial, createHistory);
  const { form, selectedId } = history.present;
  const [aiOpen, setAiOpen] = useState(openAi);
  const [askOpen, setAskOpen] = useState(false);
  const dispatch = useCallback((action: DraftAction) => send({ type: 'edit', action }), []);
  const undo = useCallback(() => send({ type: 'undo' }), []);
  const redo = useCallback(() => send({ type: 'redo' }), []);
  useUndoShortcuts({ undo, redo });

  const [stored, setStored] = useState(initial.id === undefined ? undefined : (initial as StoredForm));
  const storedRef = useRef(stored);
  storedRef.current = stored;
  const [showErrors, setShowErrors] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const saveDraft = useSaveDraft();
  const autosave = useAutosave({
    form,
    formId: initial.id,
    version: initial.version,
    save: async (input) => {
      const saved = await saveDraft(input);
      storedRef.current = saved.form;
      setStored(saved.form);
      return saved;
    },
    onCreated: (id) => onCreated?.(id),
  });
  const blocker = useLeaveGuard(autosave.isDirty);
  const refused = autosave.state.status === 'rejected' ? autosave.state : null;
  const saveProblems = refused ? placeSaveProblems(refused.fields, refused.sent) : null;

  const formId = stored?.id;
  const formWorkspaceId = useFormWorkspaceId(formId);
  const others = usePresence(formId);
  const problems = useMemo(() => formProblems(form), [form]);
  // The unfinished parts of the logic show as they happen; a label still to be written and an
  // empty form only from the first publish attempt on (the label says so once touched).
  const shownProblems = showErrors
    ? problems
    : problems.filter((p) => p.path !== 'fields' && !p.path.endsWith('.label'));
  const [problemsFocus, setProblemsFocus] = useState(0);
  const checkPublishable = () => {
    setShowErrors(true);
    if (problems.length === 0) return true;
    setNotice(null);
    setProblemsFocus((n) => n + 1);
    return false;
  };

  // The server's copy becomes the draft (undo brings this tab's back): after a conflict, a restore.
  const adopt = (latest: StoredForm) => {
    autosave.resolveConflict({ keep: 'theirs', form: latest, version: latest.version });
    send({ type: 'load', form: latest });
    setStored(latest);
  };
  // Both conflict choices start from the server's newest copy: its content, or its version to save over.
  const reloadTheirs = async () => {
    if (formId === undefined) return;
    adopt(await getForm(formId));
  };
  const keepMine = async () => {
    if (formId === undefined) return;
    const latest = await getForm(formId);
    autosave.resolveConflict({ keep: 'mine', version: latest.version });
  };

  return (
    <section className="mx-auto w-full max-w-[100rem] px-4 py-6 sm:px-6 lg:px-8">
      <EditorHeader
        title={form.title}
        isNew={formId === undefined}
        saveState={autosave.state}
        canUndo={history.past.length > 0}
        canRedo={history.future.length > 0}
        onUndo={undo}
        onRedo={redo}
        onGenerate={() => setAiOpen(true)}
        others={others}
      >
        <AskAiButton onClick={() => setAskOpen(true)} />
        {stored && (
          <DuplicateButton
            saveNow={autosave.saveNow}
            getStored={() => storedRef.current}
            onError={setNotice}
          />
        )}
        {stored && (
          <SaveAsTemplateButton
            form={{ id: stored.id, title: form.title }}
            workspaceId={formWorkspaceId}
            saveNow={autosave.saveNow}
            compact
          />
        )}
        <PublishControls
          stored={stored}
          getStored={() => storedRef.current}
          check={checkPublishable}
          saveNow={autosave.saveNow}
          onPublished={(published) => {
            setNotice(null);
            setStored(published);
          }}
          onError={setNotice}
        />
      </EditorHeader>
      {formId !== undefined && (
        <div className="mt-3">
          <FormPageNav formId={formId} />
        </div>
      )}
      {notice && (
        <Alert tone="error" className="mt-4">
          {notice}
        </Alert>
      )}
      {refused && saveProblems && (
        <Alert tone="error" className="mt-4">
          <p>
            <strong className="font-semibold">Not saved:</strong> {refused.message}
          </p>
          {saveProblems.other.map((message) => (
            <p key={message}>{message}</p>
          ))}
          <p>Your changes are kept in this tab; saving is tried again on your next change.</p>
        </Alert>
      )}
      <EditorFormIdContext.Provider value={formId}>
        <EditorWorkspace
          form={form}
          formId={formId}
          selectedId={selectedId}
          revision={history.revision}
          showErrors={showErrors}
          serverErrors={saveProblems?.byField}
          dispatch={dispatch}
          serverProblems={autosave.state.status === 'rejected' ? autosave.state.fields : undefined}
          problems={shownProblems}
          problemsFocus={problemsFocus}
        />
      </EditorFormIdContext.Provider>
      <AiGeneratorDialog
        open={aiOpen}
        onOpenChange={setAiOpen}
        fieldCount={form.fields.length}
        onGenerated={(generated, mode) =>
          dispatch({ type: 'replace', form: mergeGenerated(form, generated, mode) })
        }
      />
      <AskAiDialog
        open={askOpen}
        onOpenChange={setAskOpen}
        form={form}
        onAccept={(edited) => dispatch({ type: 'replace', form: edited })}
      />
      <ConflictDialog
        open={autosave.state.status === 'conflict'}
        onReload={reloadTheirs}
        onKeepMine={keepMine}
      />
      <LeaveDialog blocker={blocker} />
    </section>
  );
}
