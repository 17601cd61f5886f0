import { isPicturePath } from '@formsmith/core/fields/picture-choice';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PictureUploadInput } from './picture-upload-input.tsx';

type Props = {
  /** The saved form the logo is kept under; none yet: the form must be saved first. */
  formId: number | undefined;
  logoUrl: string | undefined;
  onChange: (next: string | undefined) => void;
};

/**
 * The form's logo: uploaded to this instance (kept as WebP at most 512 px, served by it), or the
 * address of a logo on another site, which the respondent's browser then fetches from there.
 */
export function LogoField({ formId, logoUrl, onChange }: Props) {
  const uploaded = isPicturePath(logoUrl);
  return (
    <div className="space-y-3">
      {formId === undefined ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A logo can be uploaded once the form is saved.
        </p>
      ) : (
        <PictureUploadInput
          formId={formId}
          purpose="logo"
          label={uploaded ? 'Replace the logo' : 'Logo'}
          onUploaded={onChange}
        />
      )}
      {logoUrl && (
        <div className="flex flex-wrap items-center gap-3">
          <img
            src={logoUrl}
            alt="The form's logo"
            className="max-h-16 max-w-[12rem] rounded-md border border-slate-200 bg-white object-contain p-1 dark:border-slate-700"
          />
          <Button variant="secondary" size="sm" onClick={() => onChange(undefined)}>
            Remove the logo
          </Button>
        </div>
      )}
      <FormField
        label="Logo URL"
        hint="Or a logo on another site: respondents' browsers then load it from there. An uploaded logo is served by this instance."
      >
        <Input
          type="url"
          placeholder="https://example.com/logo.png"
          value={uploaded ? '' : (logoUrl ?? '')}
          onChange={(e) => onChange(e.target.value || undefined)}
        />
      </FormField>
    </div>
  );
}
