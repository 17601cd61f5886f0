import { useChrome } from '../../../components/form-renderer/chrome-context.ts';
import { useLogoPlacement } from '../../../components/public-page/page-look.ts';

/**
 * The form's logo over a page without the form (the gate, a closed form, its ending), centred as
 * the page is, unless the theme leaves it out.
 */
export function BrandLogo({ url, title }: { url: string | null | undefined; title?: string }) {
  const { t } = useChrome();
  const placement = useLogoPlacement();
  if (!url || placement === 'hidden') return null;
  return (
    <img
      src={url}
      // Without the form's title the heading says what the page is; the logo is then decoration.
      alt={title ? t('form.logoAlt', { title }) : ''}
      className="mx-auto h-12 w-auto max-w-[12rem] object-contain"
    />
  );
}
