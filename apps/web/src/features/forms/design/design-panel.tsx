import type { Form } from '@formsmith/core/forms/form';
import {
  builtinOfRef,
  builtinRef,
  DEFAULT_THEME_REF,
  FOOTER_TEXT_MAX,
  formPageSettings,
  type PublicPageLook,
  type SavedTheme,
  SOCIAL_DESCRIPTION_MAX,
  SOCIAL_TITLE_MAX,
  savedThemeId,
  THEME_CONFIG_KEYS,
} from '@formsmith/core/themes/api';
import { BUILTIN_THEMES } from '@formsmith/core/themes/builtin';
import { contrastRatio, formatRatio, HEX_COLOUR } from '@formsmith/core/themes/contrast';
import {
  BUTTON_STYLES,
  type ColourName,
  colourPairs,
  FIELD_STYLES,
  LAYOUTS,
  SPACINGS,
  THEME_FONT_IDS,
  THEME_FONTS,
  type Theme,
  themeProblems,
} from '@formsmith/core/themes/theme';
import { Check, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Checkbox, Input, Select, Textarea } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFormWorkspaceId } from '../../../lib/forms-api/form-access.ts';
import type { DraftAction } from '../editor/form-draft.ts';
import { BackgroundSection } from './background-section.tsx';
import { CustomCssSection } from './custom-css-section.tsx';
import { PagePictureField } from './page-picture-field.tsx';
import { ThemePreview } from './theme-preview.tsx';
import { useSavedThemes, useSaveTheme } from './themes-api.ts';

const COLOUR_LABELS: Record<ColourName, string> = {
  background: 'Page background',
  card: 'Card',
  text: 'Text',
  accent: 'Accent and buttons',
  onAccent: 'Button label',
  input: 'Answers',
  error: 'Errors',
};

const STYLE_LABELS: Record<string, string> = {
  filled: 'Filled',
  outline: 'Outline',
  outlined: 'Outlined',
  underlined: 'Underlined',
  compact: 'Compact',
  comfortable: 'Comfortable',
  card: 'Card in the centre',
  full: 'Full width',
  split: 'Split with a picture',
};

type Props = { form: Form; dispatch: (action: DraftAction) => void };

/** The theme a form is drawn with: its own, else the one it names, else the product's. */
function currentTheme(form: Form, saved: SavedTheme[] | undefined): Theme {
  const settings = formPageSettings(form.themeConfig);
  if (settings.customTheme) return settings.customTheme;
  const id = savedThemeId(settings.themeRef);
  const fromSaved = id === null ? null : saved?.find((t) => t.id === id)?.theme;
  return fromSaved ?? builtinOfRef(settings.themeRef) ?? builtinOfRef(DEFAULT_THEME_REF)!;
}

/** A small picture of a theme: its page, card, text lines and a button in its accent. */
function Swatch({ theme }: { theme: Theme }) {
  const c = theme.colours;
  return (
    <span
      aria-hidden="true"
      className="flex h-14 w-full items-center justify-center rounded-md border border-slate-200 dark:border-slate-700"
      style={{ background: c.background }}
    >
      <span
        className="flex w-3/4 flex-col gap-1 p-1.5"
        style={{ background: c.card, borderRadius: Math.min(theme.radius, 10) }}
      >
        <span className="h-1 w-3/4 rounded-full" style={{ background: c.text }} />
        <span className="h-1 w-1/2 rounded-full opacity-60" style={{ background: c.text }} />
        <span
          className="mt-0.5 h-2 w-8 rounded-sm"
          style={
            theme.buttonStyle === 'filled'
              ? { background: c.accent }
              : { boxShadow: `inset 0 0 0 1.5px ${c.accent}` }
          }
        />
      </span>
    </span>
  );
}

/** One colour: the system picker and the hex text, kept in step. */
function ColourInput({
  name,
  value,
  onChange,
}: {
  name: ColourName;
  value: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const [typedFor, setTypedFor] = useState(value);
  // A new value from outside (a theme picked, a fix applied) replaces what the box shows.
  if (typedFor !== value) {
    setTypedFor(value);
    setText(value);
  }
  const label = COLOUR_LABELS[name];
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        type="color"
        aria-label={`${label} colour`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 w-11 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-0.5 dark:border-slate-600 dark:bg-slate-900"
      />
      <div className="min-w-0 flex-1 text-sm">
        <label htmlFor={id} className="block font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        <Input
          id={id}
          aria-label={`${label} (hex)`}
          className="mt-1 h-8 font-mono text-xs"
          value={text}
          spellCheck={false}
          onChange={(e) => {
            setText(e.target.value);
            if (HEX_COLOUR.test(e.target.value)) onChange(e.target.value.toLowerCase());
          }}
          aria-invalid={!HEX_COLOUR.test(text)}
        />
      </div>
    </div>
  );
}

/**
 * The Design tab: built-in and saved themes, the colours with their contrast (and the nearest
 * colour that passes when a pair fails), type and shape, the page's footer, and a live preview of
 * the page. A theme with a failing pair stays here, shown, until fixed: the form only takes a
 * readable theme (the server would refuse another).
 */
export function DesignPanel({ form, dispatch }: Props) {
  const workspaceId = useFormWorkspaceId(form.id);
  const saved = useSavedThemes(workspaceId);
  const saveTheme = useSaveTheme(workspaceId);
  const settings = formPageSettings(form.themeConfig);
  const committed = currentTheme(form, saved.data?.themes);
  const [pending, setPending] = useState<Theme | null>(null);
  const theme = pending ?? committed;
  const [themeName, setThemeName] = useState('');
  const [saveMessage, setSaveMessage] = useState<string | null>(null);
  const [checkedCss, setCheckedCss] = useState<string | null>(null);
  const poweredById = useId();
  /** A text box's value and change for a text key of theme_config (emptied: the key goes). */
  const configText = (key: string) => {
    const value = form.themeConfig[key];
    return {
      value: typeof value === 'string' ? value : '',
      onChange: (e: { target: { value: string } }) => setConfig({ [key]: e.target.value || undefined }),
    };
  };

  const setConfig = (patch: Record<string, unknown>) => {
    const next: Record<string, unknown> = { ...form.themeConfig, ...patch };
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
    dispatch({ type: 'setMeta', patch: { themeConfig: next } });
  };
  const pickRef = (ref: string) => {
    setPending(null);
    setSaveMessage(null);
    setConfig({ [THEME_CONFIG_KEYS.ref]: ref, [THEME_CONFIG_KEYS.custom]: undefined });
  };
  /** A change of the theme itself: into the form when every pair passes, else held here. */
  const change = (next: Theme) => {
    setSaveMessage(null);
    if (themeProblems(next).length > 0) {
      setPending(next);
      return;
    }
    setPending(null);
    setConfig({ [THEME_CONFIG_KEYS.custom]: next });
  };
  // The dark colours follow the light ones once those are edited (derived, so they pass).
  const setColour = (name: ColourName, value: string) => {
    const { dark: _dark, ...rest } = theme;
    change({ ...rest, colours: { ...theme.colours, [name]: value } });
  };
  const problems = themeProblems(theme);
  const look: PublicPageLook = {
    theme,
    show_powered_by: settings.showPoweredBy,
    footer_text: settings.footerText,
    privacy_url: settings.privacyUrl,
    custom_css: checkedCss,
  };
  const selectedRef = settings.customTheme ? null : (settings.themeRef ?? DEFAULT_THEME_REF);
  const savedId = savedThemeId(settings.themeRef);
  const basedOnSaved = savedId === null ? undefined : saved.data?.themes.find((t) => t.id === savedId);

  const save = async (id?: number) => {
    const name = id === undefined ? themeName.trim() : (basedOnSaved?.name ?? '');
    if (!name) {
      setSaveMessage('Give the theme a name first.');
      return;
    }
    try {
      const stored = await saveTheme.mutateAsync({ id, name, theme });
      setThemeName('');
      pickRef(stored.ref);
      setSaveMessage(
        id === undefined
          ? `Saved “${stored.name}”; this form now uses it.`
          : `Saved “${stored.name}”: ${stored.form_count} ${stored.form_count === 1 ? 'form follows' : 'forms follow'} it.`,
      );
    } catch (err) {
      setSaveMessage(err instanceof ApiError ? err.message : 'The theme could not be saved. Try again.');
    }
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-8">
        <section aria-labelledby="design-gallery" className="space-y-3">
          <h2 id="design-gallery" className="text-sm font-semibold">
            Themes
          </h2>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {BUILTIN_THEMES.map((builtin) => {
              const ref = builtinRef(builtin.id);
              const pressed = selectedRef === ref;
              return (
                <li key={builtin.id}>
                  <button
                    type="button"
                    aria-pressed={pressed}
                    title={builtin.description}
                    onClick={() => pickRef(ref)}
                    className={`w-full rounded-lg border p-1.5 text-start text-xs font-medium transition-colors ${
                      pressed
                        ? 'border-brand-600 ring-2 ring-brand-600 dark:border-brand-400 dark:ring-brand-400'
                        : 'border-slate-200 hover:border-slate-400 dark:border-slate-700 dark:hover:border-slate-500'
                    }`}
                  >
                    <Swatch theme={builtin.theme} />
                    <span className="mt-1 flex items-center gap-1 px-0.5 text-slate-800 dark:text-slate-200">
                      {pressed && <Check aria-hidden="true" className="h-3.5 w-3.5" />}
                      {builtin.name}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {saved.data && saved.data.themes.length > 0 && (
            <div className="space-y-2">
              <h3 className="text-sm font-semibold">Your themes</h3>
              <ul className="space-y-1">
                {saved.data.themes.map((mine) => (
                  <li key={mine.id} className="flex items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 truncate">
                      {mine.name}{' '}
                      <span className="text-slate-600 dark:text-slate-400">
                        ({mine.form_count} {mine.form_count === 1 ? 'form' : 'forms'})
                      </span>
                    </span>
                    <Button
                      size="sm"
                      variant={selectedRef === mine.ref ? 'primary' : 'secondary'}
                      aria-pressed={selectedRef === mine.ref}
                      onClick={() => pickRef(mine.ref)}
                    >
                      {selectedRef === mine.ref ? 'In use' : 'Apply'}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>

        <section aria-labelledby="design-colours" className="space-y-3">
          <h2 id="design-colours" className="text-sm font-semibold">
            Colours
          </h2>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            {(Object.keys(COLOUR_LABELS) as ColourName[]).map((name) => (
              <ColourInput
                key={name}
                name={name}
                value={theme.colours[name]}
                onChange={(value) => setColour(name, value)}
              />
            ))}
          </div>
          <h3 className="pt-2 text-sm font-semibold">Contrast</h3>
          <ul className="space-y-1.5 text-sm" data-testid="contrast-list">
            {colourPairs(theme.buttonStyle).map((pair) => {
              const ratio = contrastRatio(theme.colours[pair.foreground], theme.colours[pair.background]);
              const problem = problems.find((p) => p.mode === 'light' && p.pair.name === pair.name);
              return (
                <li key={pair.name} className="space-y-1">
                  <span className="flex items-start gap-2">
                    {problem ? (
                      <TriangleAlert
                        aria-hidden="true"
                        className="mt-0.5 h-4 w-4 shrink-0 text-red-700 dark:text-red-400"
                      />
                    ) : (
                      <Check
                        aria-hidden="true"
                        className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700 dark:text-emerald-400"
                      />
                    )}
                    <span className={problem ? 'font-medium text-red-700 dark:text-red-300' : ''}>
                      {pair.name}: {formatRatio(ratio)}
                      {problem ? `, needs ${pair.minimum}:1` : ''}
                    </span>
                  </span>
                  {problem && (
                    <Button
                      size="sm"
                      variant="secondary"
                      className="ms-6"
                      onClick={() => setColour(pair.foreground, problem.suggestion)}
                    >
                      <span
                        aria-hidden="true"
                        className="h-3 w-3 rounded-sm border border-slate-400"
                        style={{ background: problem.suggestion }}
                      />
                      Use {problem.suggestion}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {pending && (
            <p role="status" className="text-sm text-red-700 dark:text-red-300">
              These colours are not on the form yet: fix the pairs above and the form takes them.
            </p>
          )}
        </section>

        <section aria-labelledby="design-shape" className="grid gap-4 sm:grid-cols-2">
          <h2 id="design-shape" className="text-sm font-semibold sm:col-span-2">
            Type and shape
          </h2>
          <FormField label="Font">
            <Select
              value={theme.font}
              onChange={(e) => change({ ...theme, font: e.target.value as Theme['font'] })}
            >
              {THEME_FONT_IDS.map((id) => (
                <option key={id} value={id}>
                  {THEME_FONTS[id].label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={`Corner radius: ${theme.radius}px`}>
            <input
              type="range"
              min={0}
              max={24}
              value={theme.radius}
              onChange={(e) => change({ ...theme, radius: Number(e.target.value) })}
              className="h-10 w-full accent-brand-600"
            />
          </FormField>
          <FormField label="Buttons">
            <Select
              value={theme.buttonStyle}
              onChange={(e) => change({ ...theme, buttonStyle: e.target.value as Theme['buttonStyle'] })}
            >
              {BUTTON_STYLES.map((v) => (
                <option key={v} value={v}>
                  {STYLE_LABELS[v]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Answers">
            <Select
              value={theme.fieldStyle}
              onChange={(e) => change({ ...theme, fieldStyle: e.target.value as Theme['fieldStyle'] })}
            >
              {FIELD_STYLES.map((v) => (
                <option key={v} value={v}>
                  {STYLE_LABELS[v]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Spacing">
            <Select
              value={theme.spacing}
              onChange={(e) => change({ ...theme, spacing: e.target.value as Theme['spacing'] })}
            >
              {SPACINGS.map((v) => (
                <option key={v} value={v}>
                  {STYLE_LABELS[v]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Layout">
            <Select
              value={theme.layout}
              onChange={(e) => change({ ...theme, layout: e.target.value as Theme['layout'] })}
            >
              {LAYOUTS.map((v) => (
                <option key={v} value={v}>
                  {STYLE_LABELS[v]}
                </option>
              ))}
            </Select>
          </FormField>
        </section>

        <BackgroundSection formId={form.id} theme={theme} onChange={change} />

        <section aria-labelledby="design-save" className="space-y-3">
          <h2 id="design-save" className="text-sm font-semibold">
            Save as a theme
          </h2>
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1">
              <FormField label="Theme name">
                <Input value={themeName} maxLength={80} onChange={(e) => setThemeName(e.target.value)} />
              </FormField>
            </div>
            <Button
              variant="secondary"
              disabled={problems.length > 0 || saveTheme.isPending}
              onClick={() => void save()}
            >
              Save as new theme
            </Button>
          </div>
          {basedOnSaved && settings.customTheme && (
            <Button
              variant="secondary"
              disabled={problems.length > 0 || saveTheme.isPending}
              onClick={() => void save(basedOnSaved.id)}
            >
              Update “{basedOnSaved.name}” (this changes {basedOnSaved.form_count}{' '}
              {basedOnSaved.form_count === 1 ? 'form' : 'forms'})
            </Button>
          )}
          {saveMessage && (
            <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
              {saveMessage}
            </p>
          )}
        </section>

        <section aria-labelledby="design-page" className="space-y-4">
          <h2 id="design-page" className="text-sm font-semibold">
            Page
          </h2>
          <FormField
            label="Display"
            hint="One question at a time shows a field per screen, worked from the keyboard"
          >
            <Select
              value={form.display}
              onChange={(e) =>
                dispatch({
                  type: 'setMeta',
                  patch: { display: e.target.value === 'one_at_a_time' ? 'one_at_a_time' : 'classic' },
                })
              }
            >
              <option value="classic">Classic (a page at a time)</option>
              <option value="one_at_a_time">One question at a time</option>
            </Select>
          </FormField>
          <PagePictureField
            formId={form.id}
            purpose="logo"
            value={form.logoUrl}
            onChange={(logoUrl) => dispatch({ type: 'setMeta', patch: { logoUrl } })}
          />
        </section>
        <section aria-labelledby="design-footer" className="space-y-4">
          <h2 id="design-footer" className="text-sm font-semibold">
            Footer
          </h2>
          <label htmlFor={poweredById} className="flex items-center gap-2 text-sm">
            <Checkbox
              id={poweredById}
              checked={settings.showPoweredBy}
              onChange={(e) =>
                setConfig({ [THEME_CONFIG_KEYS.poweredBy]: e.target.checked ? undefined : false })
              }
            />
            Show “Powered by Formsmith”
          </label>
          <FormField label="Footer text" hint="Your organisation's name or address, under the form">
            <Input maxLength={FOOTER_TEXT_MAX} {...configText(THEME_CONFIG_KEYS.footer)} />
          </FormField>
          <FormField label="Privacy policy link" hint="An http(s) address, shown as “Privacy policy”">
            <Input
              type="url"
              placeholder="https://example.com/privacy"
              {...configText(THEME_CONFIG_KEYS.privacy)}
            />
          </FormField>
        </section>
        <section aria-labelledby="design-social" className="space-y-4">
          <h2 id="design-social" className="text-sm font-semibold">
            Link preview and tab icon
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            What a shared link shows in chats and social posts. Empty: the form's title and description,
            without an image.
          </p>
          <FormField label="Preview title">
            <Input
              maxLength={SOCIAL_TITLE_MAX}
              placeholder={form.title}
              {...configText(THEME_CONFIG_KEYS.socialTitle)}
            />
          </FormField>
          <FormField label="Preview description">
            <Textarea
              rows={2}
              maxLength={SOCIAL_DESCRIPTION_MAX}
              {...configText(THEME_CONFIG_KEYS.socialDescription)}
            />
          </FormField>
          <PagePictureField
            formId={form.id}
            purpose="social"
            value={configText(THEME_CONFIG_KEYS.socialImage).value || undefined}
            onChange={(image) => setConfig({ [THEME_CONFIG_KEYS.socialImage]: image })}
          />
          <PagePictureField
            formId={form.id}
            purpose="favicon"
            value={configText(THEME_CONFIG_KEYS.favicon).value || undefined}
            onChange={(icon) => setConfig({ [THEME_CONFIG_KEYS.favicon]: icon })}
          />
        </section>
        <CustomCssSection
          theme={theme}
          onChange={(patch) => change({ ...theme, ...patch })}
          onChecked={setCheckedCss}
        />
      </div>
      <section aria-label="Preview of the public page" className="min-w-0 lg:sticky lg:top-4">
        <ThemePreview form={form} look={look} />
      </section>
    </div>
  );
}
