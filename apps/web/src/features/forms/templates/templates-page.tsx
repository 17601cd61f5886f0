import { FORM_TEMPLATES, findTemplate } from '@formsmith/core/templates/catalog';
import {
  type GalleryTemplate,
  searchTemplates,
  TEMPLATE_CATEGORIES,
  type TemplateCategory,
} from '@formsmith/core/templates/template';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Alert, EmptyState } from '../../../components/ui/feedback.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useCreateFromTemplate } from '../../../lib/forms-api/create-from-template.ts';
import { useWorkspaceTemplates } from '../../../lib/forms-api/workspace-templates.ts';
import { useCanEditWorkspace, useCurrentWorkspace } from '../../../lib/workspaces-api/current-workspace.ts';
import { TemplateCard } from './template-card.tsx';
import { TemplatePreviewDialog } from './template-preview-dialog.tsx';
import { WorkspaceShelf } from './workspace-shelf.tsx';

const ALL = 'All';

function isCategory(value: string | null): value is TemplateCategory {
  return (TEMPLATE_CATEGORIES as readonly (string | null)[]).includes(value);
}

/**
 * /templates: the gallery, the current workspace's own templates first, then the built-in ones.
 * Search, category and the previewed template live in the URL (`?q=…&category=…&preview=<id>`),
 * so Back closes a preview and a search can be shared. Making a form from one needs the editor
 * role in the workspace; a viewer looks and previews only.
 */
export function TemplatesPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateFromTemplate();
  const searchId = useId();
  const { workspace } = useCurrentWorkspace();
  const canEdit = useCanEditWorkspace();
  const saved = useWorkspaceTemplates();
  const ownTemplates = saved.data ?? [];
  const shelfName = `${workspace.name} templates`;

  const query = params.get('q') ?? '';
  const rawCategory = params.get('category');
  const category = isCategory(rawCategory) ? rawCategory : ALL;
  const previewId = params.get('preview') ?? '';
  const previewed: GalleryTemplate | undefined =
    findTemplate(previewId) ?? ownTemplates.find((t) => t.id === previewId);

  // Built on the address as it is now, not as this render saw it: a change made before the page
  // re-renders (a category click, then typing at once) must not undo the one before it.
  const update = (changes: Record<string, string | null>, replace = true) => {
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace });
  };

  const found = searchTemplates(FORM_TEMPLATES, query).filter(
    (t) => category === ALL || t.category === category,
  );
  // The workspace's templates have no category: they show only under All.
  const foundOwn = category === ALL ? searchTemplates(ownTemplates, query) : [];
  const shelves = TEMPLATE_CATEGORIES.map((name) => ({
    name,
    templates: found.filter((t) => t.category === name),
  })).filter((shelf) => shelf.templates.length > 0);

  const startFrom = (template: GalleryTemplate) =>
    create.mutate(template, { onSuccess: (id) => navigate(`/forms/${id}/edit`) });
  const onUse = canEdit ? startFrom : undefined;
  const total = found.length + foundOwn.length;

  return (
    <section className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Templates</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            {canEdit
              ? 'Start from a ready-made form: preview it, then make it yours in the editor.'
              : `Preview ready-made forms. Making a form from one needs the editor role in ${workspace.name}.`}
          </p>
        </div>
        {canEdit && (
          <Link to="/forms/new" className={buttonClasses('secondary')}>
            Start from scratch
          </Link>
        )}
      </div>

      <div className="space-y-3">
        <label htmlFor={searchId} className="sr-only">
          Search templates
        </label>
        <div className="relative max-w-md">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => update({ q: e.target.value })}
            placeholder="Search by name, purpose or question"
            className="pl-9"
          />
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Category</legend>
          {[ALL, ...TEMPLATE_CATEGORIES].map((name) => (
            <Button
              key={name}
              size="sm"
              variant={category === name ? 'primary' : 'secondary'}
              aria-pressed={category === name}
              onClick={() => update({ category: name === ALL ? null : name })}
            >
              {name}
            </Button>
          ))}
        </fieldset>
      </div>

      <div aria-live="polite" className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {total === 1 ? '1 template' : `${total} templates`}
        </p>
        {saved.isError && (
          <Alert tone="error">
            Could not load the templates of {workspace.name}: {saved.error.message}
          </Alert>
        )}
        {create.isError && (
          <Alert tone="error">Could not create a form from the template: {create.error.message}</Alert>
        )}
      </div>

      {saved.isSuccess && (
        <WorkspaceShelf
          name={shelfName}
          templates={foundOwn}
          showEmpty={canEdit && ownTemplates.length === 0 && query.trim() === '' && category === ALL}
          canEdit={canEdit}
          busy={create.isPending}
          onPreview={(template) => update({ preview: template.id }, false)}
          onUse={onUse}
        />
      )}

      {total === 0 ? (
        <EmptyState title="No templates found">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            No template matches “{query.trim()}”{category === ALL ? '' : ` in ${category}`}.
          </p>
          <Button variant="secondary" onClick={() => update({ q: null, category: null })}>
            Show all templates
          </Button>
        </EmptyState>
      ) : (
        shelves.map((shelf) => (
          <section key={shelf.name} aria-label={shelf.name} className="space-y-3">
            <h2 className="text-lg font-semibold">{shelf.name}</h2>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shelf.templates.map((template) => (
                <li key={template.id} className="min-w-0">
                  <TemplateCard
                    template={template}
                    busy={create.isPending}
                    onPreview={() => update({ preview: template.id }, false)}
                    onUse={onUse && (() => startFrom(template))}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}

      <TemplatePreviewDialog
        template={previewed}
        shelf={shelfName}
        busy={create.isPending}
        onClose={() => update({ preview: null })}
        onUse={onUse}
      />
    </section>
  );
}
