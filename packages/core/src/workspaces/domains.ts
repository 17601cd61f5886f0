// A workspace's custom domains (/api/workspaces/:id/domains): the host names the instance serves
// that workspace's public forms on, the rule that turns a host name someone typed into the one
// stored, and the rule that picks a form's public address. The server's routes and links and the
// web's Domains section read them.
import { z } from 'zod';

/** How many host names one workspace may have. */
export const CUSTOM_DOMAIN_LIMIT = 10;

export const DOMAIN_MESSAGES = {
  required: 'Type a host name such as forms.example.org',
  invalid: 'That is not a host name: type one such as forms.example.org, without https:// or a path',
  port: 'Leave out the port: the proxy in front of the instance listens on 443',
  ip: 'Use a host name, not an IP address',
  dot: 'Use a full host name with a dot, such as forms.example.org',
  tooLong: 'A host name is at most 253 characters',
  instanceHost: 'That is this instance’s own host name; add a host name of your own',
  taken: 'That host name is already in use on this instance',
  limit: `A workspace has at most ${CUSTOM_DOMAIN_LIMIT} host names: remove one first`,
  formNotInWorkspace: 'Pick a form of this workspace',
  notFound: 'Domain not found',
} as const;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The stored form of a host name someone typed: lower-case, international names in their ASCII
 * (punycode) form, without a trailing dot. Answers an error message instead when it is not a bare
 * host name (a scheme, path, port, IP address or a single label).
 */
export function normalizeHost(input: string): { host: string } | { error: string } {
  const typed = input.trim().replace(/\.$/, '');
  if (typed === '') return { error: DOMAIN_MESSAGES.required };
  if (/^\[|^[0-9a-f:]+:[0-9a-f:]*$/i.test(typed)) return { error: DOMAIN_MESSAGES.ip };
  if (/:\d*$/.test(typed)) return { error: DOMAIN_MESSAGES.port };
  if (/[/?#@:\s\\]/.test(typed)) return { error: DOMAIN_MESSAGES.invalid };
  let host: string;
  try {
    host = new URL(`http://${typed}`).hostname;
  } catch {
    return { error: DOMAIN_MESSAGES.invalid };
  }
  if (IPV4.test(host) || IPV4.test(typed)) return { error: DOMAIN_MESSAGES.ip };
  if (host.length > 253) return { error: DOMAIN_MESSAGES.tooLong };
  const labels = host.split('.');
  if (labels.length < 2) return { error: DOMAIN_MESSAGES.dot };
  if (!labels.every((label) => LABEL.test(label))) return { error: DOMAIN_MESSAGES.invalid };
  if (/^\d+$/.test(labels.at(-1) ?? '')) return { error: DOMAIN_MESSAGES.invalid };
  return { host };
}

/** A host name as a request names it (`Host`), lower-case and without its port. */
export function hostWithoutPort(header: string): string {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.replace(/:\d*$/, '').replace(/\.$/, '');
}

/** A custom domain as the server keeps it in memory: which workspace, and the form its `/` opens. */
export type DomainEntry = { host: string; formId: number | null };

/**
 * A form's public address: on a host of its workspace when it has one (a host whose `/` opens this
 * form first, then one that opens no form, then any other; each serves every form of its
 * workspace at `/<slug>`), else the instance's own `/form/<slug>`. A custom host is linked with the
 * instance's own scheme: an instance served over https (TLS by its proxy) links its hosts with
 * https, one served over plain http on a private network links them with http.
 */
export function formPublicUrl(input: {
  form: { id: number; slug: string | null };
  hosts: readonly DomainEntry[];
  publicUrl: string;
}): string {
  const { form, hosts } = input;
  const name = encodeURIComponent(form.slug ?? String(form.id));
  const host = hosts.find((h) => h.formId === form.id) ?? hosts.find((h) => h.formId === null) ?? hosts[0];
  if (host) return `${/^http:/i.test(input.publicUrl) ? 'http' : 'https'}://${host.host}/${name}`;
  return `${input.publicUrl.replace(/\/+$/, '')}/form/${name}`;
}

/** POST /workspaces/:id/domains: a host name, and the form its `/` opens (none: a "no form here" page). */
export const customDomainBody = z.object({
  host: z.string({ error: DOMAIN_MESSAGES.required }).max(300, { error: DOMAIN_MESSAGES.tooLong }),
  form_id: z.number().int().positive().nullable().optional(),
});
export type CustomDomainInput = z.infer<typeof customDomainBody>;

/** PATCH /workspaces/:id/domains/:host: point the host's `/` at another form, or at none. */
export const customDomainPatchBody = z.object({ form_id: z.number().int().positive().nullable() });

/** One host name of a workspace as its Domains section shows it. */
export const customDomainSchema = z.object({
  host: z.string(),
  form_id: z.number().nullable(),
  form_title: z.string().nullable(),
  created_at: z.string(),
});
export type CustomDomain = z.infer<typeof customDomainSchema>;

/** GET /workspaces/:id/domains. */
export const customDomainListSchema = z.object({
  domains: z.array(customDomainSchema),
  limit: z.number(),
});
export type CustomDomainList = z.infer<typeof customDomainListSchema>;
