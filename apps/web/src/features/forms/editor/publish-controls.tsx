import { Rocket, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { usePublishDraft } from '../../../lib/forms-api/publish-draft.ts';
import type { StoredForm } from '../../../lib/forms-api/stored-form.ts';
import { ShareDialog } from './share-dialog.tsx';

type PublishControlsProps = {
  /** The form as last stored; undefined until a new form is first saved. */
  stored: StoredForm | undefined;
  /** The same, read after saving (a new form is stored by that save). */
  getStored: () => StoredForm | undefined;
  /** Whether the draft can be published; false shows the reasons in the editor. */
  check: () => boolean;
  /** Stores what is not saved yet; false when that failed. */
  saveNow: () => Promise<boolean>;
  onPublished: (form: StoredForm) => void;
  onError: (message: string) => void;
};

/** 'Publish' (or 'Publish changes' when the draft differs from the live version) and 'Share'. */
export function PublishControls(props: PublishControlsProps) {
  const { stored, check, saveNow, onPublished, onError } = props;
  const publish = usePublishDraft();
  const [busy, setBusy] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const live = stored?.isPublished === true;
  const upToDate = live && !stored.hasUnpublishedChanges;

  const onPublish = async () => {
    if (!check()) return;
    setBusy(true);
    try {
      const saved = (await saveNow()) ? props.getStored() : undefined;
      if (!saved) {
        onError('Your changes could not be saved, so nothing was published. Try again.');
        return;
      }
      onPublished(await publish(saved.id));
      setShareOpen(true);
    } catch (error) {
      onError(error instanceof Error ? error.message : 'Failed to publish the form');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {live && (
        <Button variant="secondary" onClick={() => setShareOpen(true)}>
          <Share2 aria-hidden="true" className="h-4 w-4" />
          Share
        </Button>
      )}
      <Button onClick={onPublish} disabled={busy || upToDate}>
        <Rocket aria-hidden="true" className="h-4 w-4" />
        {busy ? 'Publishing…' : upToDate ? 'Published' : live ? 'Publish changes' : 'Publish'}
      </Button>
      {stored && <ShareDialog form={stored} open={shareOpen} onOpenChange={setShareOpen} />}
    </>
  );
}
