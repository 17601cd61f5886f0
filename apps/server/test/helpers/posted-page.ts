import type { FastifyInstance } from 'fastify';

/** A form page's fields as a browser posts them: name and value, in order. */
export type Posted = Array<[string, string]>;

/** The page's own hidden inputs, as a browser would post them back. */
export function hiddenOf(html: string): Posted {
  return [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
    (m) => [m[1]!, m[2]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')] as [string, string],
  );
}

/**
 * A respondent of a published form: answers sent as JSON by the page's script, or the page posted
 * without JavaScript (its hidden inputs sent back with what was filled in, past the spam check's wait).
 */
export function respondent(app: () => FastifyInstance, target: { formId: () => number; slug: () => string }) {
  return {
    submit: (data: Record<string, unknown>) =>
      app().inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${target.formId()}/submit`,
        payload: { data: { ...data, _honeypot: '', _formLoadTime: Date.now() - 10_000 } },
      }),
    postPage: (html: string, filled: Posted) =>
      app().inject({
        method: 'POST',
        url: `/form/${target.slug()}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'http://localhost:3000',
          'user-agent': 'NoScript/1.0',
        },
        payload: new URLSearchParams([
          ...hiddenOf(html).filter(([name]) => name !== '_formLoadTime'),
          ['_formLoadTime', String(Date.now() - 10_000)],
          ...filled,
          ['website', ''],
          ['_action', 'submit'],
        ]).toString(),
      }),
  };
}
