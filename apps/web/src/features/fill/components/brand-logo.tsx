import { useChrome } from '../../../components/form-renderer/chrome-context.ts';

/** The form's logo over a page that turns the respondent away (the gate, a closed form). */
export function BrandLogo({ url, title }: { url: string | null | undefined; title?: string }) {
  const { t } = useChrome();
  if (!url) return null;
  return (
    <img
      src={url}
      // Without the form's title the heading says what the page is; the logo is then decoration.
      alt={title ? t('form.logoAlt', { title }) : ''}
      className="mx-auto h-12 w-auto max-w-[12rem] object-contain"
    />
  );
}
