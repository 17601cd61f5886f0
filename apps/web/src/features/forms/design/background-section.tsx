import {
  BACKGROUND_DIM_MAX,
  LOGO_PLACEMENTS,
  type Theme,
  type ThemeBackground,
} from '@formsmith/core/themes/theme';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { PictureUploadInput } from './picture-upload-input.tsx';

const PLACEMENT_LABELS: Record<(typeof LOGO_PLACEMENTS)[number], string> = {
  left: 'At the start, above the title',
  centre: 'Centred, with the title',
  hidden: 'Hidden',
};

const SLIDERS = [
  { key: 'focusX', label: 'Focal point across', max: 100, step: 1, hint: 'Kept in view when cropped' },
  { key: 'focusY', label: 'Focal point down', max: 100, step: 1, hint: undefined },
  { key: 'dim', label: 'Dimming', max: BACKGROUND_DIM_MAX, step: 5, hint: undefined },
] as const;

/** A new picture starts centred and a little dimmed; the owner moves both. */
const FRESH = { focusX: 50, focusY: 50, dim: 20 } as const;

type Props = {
  /** The saved form the picture is kept under; none yet: the form must be saved first. */
  formId: number | undefined;
  theme: Theme;
  onChange: (next: Theme) => void;
};

/**
 * The background picture (uploaded to this instance, with its focal point and dimming) and where
 * the logo sits. The card keeps its own colour over the picture, so the contrast checks above
 * hold whatever the picture is.
 */
export function BackgroundSection({ formId, theme, onChange }: Props) {
  const background = theme.background;
  const setBackground = (patch: Partial<ThemeBackground>) =>
    background && onChange({ ...theme, background: { ...background, ...patch } });
  const remove = () => {
    const { background: _removed, ...rest } = theme;
    onChange(rest);
  };
  return (
    <section aria-labelledby="design-background" className="space-y-4">
      <h2 id="design-background" className="text-sm font-semibold">
        Background and logo
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The picture is kept and served by this instance. The form's card always keeps its own colour over it,
        so no text sits on the picture and the contrast above holds; dimming lays the page background colour
        over the picture. Embedded forms are drawn without it.
      </p>
      {formId === undefined ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A background picture can be added once the form is saved.
        </p>
      ) : (
        <PictureUploadInput
          formId={formId}
          purpose="background"
          label={background ? 'Replace the background picture' : 'Background picture'}
          onUploaded={(image) => onChange({ ...theme, background: { ...FRESH, ...background, image } })}
        />
      )}
      {background && (
        <div className="space-y-3">
          <div
            aria-hidden="true"
            data-testid="background-thumbnail"
            className="relative h-32 w-full overflow-hidden rounded-md border border-slate-200 bg-cover dark:border-slate-700"
            style={{
              backgroundImage: `url("${background.image}")`,
              backgroundPosition: `${background.focusX}% ${background.focusY}%`,
            }}
          >
            <span
              className="absolute h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow ring-2 ring-slate-900"
              style={{ left: `${background.focusX}%`, top: `${background.focusY}%` }}
            />
          </div>
          {SLIDERS.map(({ key, label, max, step, hint }) => (
            <FormField key={key} label={`${label}: ${background[key]}%`} hint={hint}>
              <input
                type="range"
                min={0}
                max={max}
                step={step}
                value={background[key]}
                onChange={(e) => setBackground({ [key]: Number(e.target.value) })}
                className="h-8 w-full accent-brand-600"
              />
            </FormField>
          ))}
          <Button variant="secondary" size="sm" onClick={remove}>
            Remove the background picture
          </Button>
        </div>
      )}
      {theme.layout === 'split' && !background && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The split layout shows the accent colour beside the form until you add a picture.
        </p>
      )}
      <FormField label="Logo placement" hint="Where the form's logo sits on its pages (add it under Page)">
        <Select
          value={theme.logoPlacement ?? 'left'}
          onChange={(e) => onChange({ ...theme, logoPlacement: e.target.value as Theme['logoPlacement'] })}
        >
          {LOGO_PLACEMENTS.map((placement) => (
            <option key={placement} value={placement}>
              {PLACEMENT_LABELS[placement]}
            </option>
          ))}
        </Select>
      </FormField>
    </section>
  );
}
