import type { Form } from '@formsmith/core/forms/form';
import { useChrome } from '../form-renderer/chrome-context.ts';
import { useLogoPlacement } from './page-look.ts';

/**
 * The form's logo, title and description (the description with `{{…}}` recalled, as text); the
 * theme may centre the logo with them, or leave the logo out.
 */
export function FormHeader({ form, description }: { form: Form; description: string }) {
  const { t } = useChrome();
  const placement = useLogoPlacement();
  const centred = placement === 'centre';
  return (
    <header className={`space-y-3 ${centred ? 'text-center' : ''}`}>
      {form.logoUrl && placement !== 'hidden' && (
        <img
          src={form.logoUrl}
          alt={t('form.logoAlt', { title: form.title })}
          className={`h-12 w-auto max-w-[12rem] object-contain ${centred ? 'mx-auto' : ''}`}
        />
      )}
      <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">{form.title}</h1>
      {description && (
        <p className="whitespace-pre-line text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
          {description}
        </p>
      )}
    </header>
  );
}
