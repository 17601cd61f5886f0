import type { PicturePurpose } from '@formsmith/core/fields/picture-choice';
import { isPicturePath } from '@formsmith/core/fields/picture-choice';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PictureUploadInput } from './picture-upload-input.tsx';

type Props = {
  /** The saved form the picture is kept under; none yet: the form must be saved first. */
  formId: number | undefined;
  purpose: Extract<PicturePurpose, 'logo' | 'favicon' | 'social'>;
  value: string | undefined;
  onChange: (next: string | undefined) => void;
};

type Texts = {
  name: string;
  the: string;
  /** How the instance keeps an upload (absent: said where the field is). */
  upload?: string;
  url: string;
  placeholder: string;
  unsaved: string;
  thumbnail: string;
};

const TEXTS: Record<Props['purpose'], Texts> = {
  logo: {
    name: 'Logo',
    the: 'the logo',
    url: "Or a logo on another site: respondents' browsers then load it from there. An uploaded logo is served by this instance.",
    placeholder: 'https://example.com/logo.png',
    unsaved: 'A logo can be uploaded once the form is saved.',
    thumbnail: 'max-h-16 max-w-[12rem] bg-white object-contain p-1',
  },
  favicon: {
    name: 'Tab icon',
    the: 'the tab icon',
    upload:
      'Kept as a square PNG of at most 180 × 180 px, the picture centred on a transparent ground: browsers show it in the tab and on a phone’s home screen.',
    url: 'Or the http(s) address of an icon on another site, which browsers then load from there.',
    placeholder: 'https://example.com/favicon.png',
    unsaved: 'A tab icon can be uploaded once the form is saved.',
    thumbnail: 'h-12 w-12 bg-white object-contain p-1',
  },
  social: {
    name: 'Preview image',
    the: 'the preview image',
    upload:
      'Kept as a JPEG cropped around its centre to 1200 × 630 px (smaller when the picture is), the card that chat apps and social sites show.',
    url: 'Or the http(s) address of an image on another site, ideally 1200 × 630 px.',
    placeholder: 'https://example.com/card.png',
    unsaved: 'A preview image can be uploaded once the form is saved.',
    thumbnail: 'aspect-[1200/630] w-full max-w-xs object-cover',
  },
};

/**
 * The form's logo, tab icon or link-preview image: uploaded to this instance, which keeps it in a
 * shape every browser and link unfurler reads and serves it itself, or the address of one on
 * another site, which the respondent's browser then fetches from there.
 */
export function PagePictureField({ formId, purpose, value, onChange }: Props) {
  const text = TEXTS[purpose];
  const uploaded = isPicturePath(value);
  return (
    <div className="space-y-3">
      {formId === undefined ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{text.unsaved}</p>
      ) : (
        <PictureUploadInput
          formId={formId}
          purpose={purpose}
          label={uploaded ? `Replace ${text.the}` : text.name}
          hint={text.upload}
          onUploaded={onChange}
        />
      )}
      {value && (
        <div className="flex flex-wrap items-center gap-3">
          <img
            src={value}
            alt={`The form's ${text.name.toLowerCase()}`}
            className={`${text.thumbnail} rounded-md border border-slate-200 dark:border-slate-700`}
          />
          <Button variant="secondary" size="sm" onClick={() => onChange(undefined)}>
            {`Remove ${text.the}`}
          </Button>
        </div>
      )}
      <FormField label={`${text.name} URL`} hint={text.url}>
        <Input
          type="url"
          placeholder={text.placeholder}
          value={uploaded ? '' : (value ?? '')}
          onChange={(e) => onChange(e.target.value || undefined)}
        />
      </FormField>
    </div>
  );
}
