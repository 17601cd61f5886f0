import type { Form } from '@formsmith/core/forms/form';

/** The form's logo, title and description (the description with `{{…}}` recalled, as text). */
export function FormHeader({ form, description }: { form: Form; description: string }) {
  return (
    <header className="space-y-3">
      {form.logoUrl && (
        <img
          src={form.logoUrl}
          alt={`${form.title} logo`}
          className="h-12 w-auto max-w-[12rem] object-contain"
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
