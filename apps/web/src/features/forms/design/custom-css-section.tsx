import { CSS_HOST, CUSTOM_CSS_MAX, type Theme } from '@formsmith/core/themes/theme';
import { useEffect, useState } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDebouncedText } from '../editor/use-debounced-text.ts';
import { checkCustomCss } from './themes-api.ts';

type CssPatch = Pick<Theme, 'customCss' | 'cssHosts'>;

const hostsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);

/** The problems a refused check names, one a line; a message when the answer names none. */
function problemsOf(err: unknown): string[] {
  if (!(err instanceof ApiError)) return ['The CSS could not be checked. It is kept; try again.'];
  const body = err.body as { problems?: Array<{ line: number; message: string }> } | undefined;
  if (body?.problems?.length) return body.problems.map((p) => `Line ${p.line}: ${p.message}`);
  return [Object.values(err.fields ?? {})[0] ?? err.message];
}

/**
 * The theme's custom CSS and the hosts its url() images may come from. What is typed goes into
 * the form's theme as typed (a draft never loses it); the server checks it, and the preview, like
 * the published page, draws only CSS that passes, scoped to the form's page.
 */
export function CustomCssSection({
  theme,
  onChange,
  onChecked,
}: {
  theme: Theme;
  onChange: (patch: CssPatch) => void;
  /** The CSS the page draws, or null (none, or not yet passing). */
  onChecked: (css: string | null) => void;
}) {
  const css = useDebouncedText(theme.customCss ?? '', 400, (text) =>
    onChange({ customCss: text.trim() ? text : undefined, cssHosts: theme.cssHosts }),
  );
  const [hostProblem, setHostProblem] = useState<string | undefined>();
  const hosts = useDebouncedText((theme.cssHosts ?? []).join(', '), 400, (text) => {
    const list = hostsOf(text);
    const wrong = list.find((host) => !CSS_HOST.test(host));
    // A host the theme could not store stays in the box with its message, not in the form.
    setHostProblem(wrong ? `“${wrong}” is not a host name like cdn.example.com.` : undefined);
    if (wrong) return;
    onChange({ customCss: theme.customCss, cssHosts: list.length ? list : undefined });
  });
  const [problems, setProblems] = useState<string[]>([]);

  const committedCss = theme.customCss ?? '';
  const committedHosts = (theme.cssHosts ?? []).join(',');
  useEffect(() => {
    let current = true;
    if (!committedCss.trim()) {
      setProblems([]);
      onChecked(null);
      return;
    }
    checkCustomCss(committedCss, committedHosts ? committedHosts.split(',') : []).then(
      (checked) => {
        if (!current) return;
        setProblems([]);
        onChecked(checked.css || null);
      },
      (err: unknown) => {
        if (!current) return;
        setProblems(problemsOf(err));
        onChecked(null);
      },
    );
    return () => {
      current = false;
    };
  }, [committedCss, committedHosts, onChecked]);

  return (
    <section aria-labelledby="design-css" className="space-y-4">
      <h2 id="design-css" className="text-sm font-semibold">
        Custom CSS
      </h2>
      <FormField
        label="CSS for this form's page"
        hint="For what the settings above do not cover. It styles only the form's page (body and :root mean the page itself), never the notices about saving or encryption."
      >
        <Textarea
          rows={8}
          maxLength={CUSTOM_CSS_MAX}
          spellCheck={false}
          className="font-mono text-xs"
          placeholder={'.fs-card { box-shadow: 0 0 0 4px #ffd400; }'}
          value={css.text}
          onChange={(e) => css.change(e.target.value)}
          onBlur={css.flush}
        />
      </FormField>
      <FormField
        label="Image hosts"
        error={hostProblem}
        hint="Hosts url() may load images from, separated by commas. Images on this site and inline data: images need none."
      >
        <Input
          placeholder="cdn.example.com"
          value={hosts.text}
          onChange={(e) => hosts.change(e.target.value)}
          onBlur={hosts.flush}
        />
      </FormField>
      {problems.length > 0 && (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <p className="font-medium">The page draws none of this CSS until these are fixed:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {problems.map((problem) => (
              <li key={problem} className="break-words">
                {problem}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
