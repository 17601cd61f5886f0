// An owner's custom CSS, checked before it is stored and again each time a page draws it. It is
// parsed (postcss), never pattern-matched as text: what reaches the page is postcss's own printing
// of rules it understood, with nothing that loads from elsewhere, runs script, escapes the style
// element or reaches beyond the form's page (core's scopedCustomCss wraps it in `@scope`).
import postcss, { type AtRule, CssSyntaxError, type Declaration, type Rule } from 'postcss';

export type CssProblem = { line: number; message: string };
export type CheckedCss = { css: string; problems: CssProblem[] };

/** At-rules that only group rules (checked like any other) or name animation steps and fonts. */
const GROUPING = new Set(['media', 'supports', 'container', 'layer']);
const KEYFRAMES = /^(-webkit-)?keyframes$/;
/** Page-wide selectors an owner writes for "the whole page": in the scope they mean its root. */
const PAGE_SELECTORS = new Set(['html', 'body', ':root']);
/** Properties and values browsers have run script or bindings through. */
const SCRIPTED_PROPERTIES = new Set(['behavior', '-moz-binding']);
const SCRIPTED_VALUE = /expression\s*\(|javascript:|vbscript:/i;
/** Functions that load a resource from a bare string, which url()'s check would not see. */
const STRING_LOADERS = /(?:-webkit-)?image-set\s*\(|\bsrc\s*\(/i;
const URL_CALL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)/gi;
const DATA_URL = /^data:(image|font)\//i;

function lineOf(node: { source?: { start?: { line: number } } }): number {
  return node.source?.start?.line ?? 1;
}

/** Why a url() may not load, or null when it may: this instance, inline images and fonts, named image hosts. */
function refusedUrl(url: string, hosts: readonly string[]): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return null;
  if (DATA_URL.test(url)) return null;
  if (/^https:\/\//i.test(url) && URL.canParse(url)) {
    const host = new URL(url).hostname.toLowerCase();
    if (hosts.includes(host)) return null;
    return `url(${url}) loads from ${host}: add the host to the theme's allowed image hosts to use it (fonts load only from this site).`;
  }
  return `url(${url || '…'}) is not allowed: use an address on this site, an https address on an allowed host, or an inline data: image.`;
}

/**
 * Fonts load only from this site or inline data (the page's content security policy allows no
 * other font source); the owner's allowed hosts serve images.
 */
function inFontFace(decl: Declaration): boolean {
  return decl.parent?.type === 'atrule' && (decl.parent as AtRule).name.toLowerCase() === 'font-face';
}

/** An outline that would hide where the keyboard is: none, zero width, or no colour. */
const HIDDEN_OUTLINE = /\bnone\b|\bhidden\b|\btransparent\b|(^|\s)0(px|em|rem)?(\s|$)/i;

function focusRule(decl: Declaration): boolean {
  return decl.parent?.type === 'rule' && /:focus/i.test((decl.parent as Rule).selector);
}

function declarationProblems(decl: Declaration, imageHosts: readonly string[]): string[] {
  const hosts = inFontFace(decl) ? [] : imageHosts;
  const prop = decl.prop.toLowerCase();
  const value = decl.value;
  if (prop.includes('\\') || value.includes('\\')) return ['Escapes (\\) are not allowed in custom CSS.'];
  if (SCRIPTED_PROPERTIES.has(prop) || SCRIPTED_VALUE.test(value)) {
    return [`${decl.prop}: ${value} is not allowed: it can run script.`];
  }
  if (STRING_LOADERS.test(value)) return [`${decl.prop}: use url() to name an image or font.`];
  if (prop.startsWith('outline') && (focusRule(decl) || HIDDEN_OUTLINE.test(value))) {
    return [`${decl.prop}: ${value} is not allowed: focus outlines stay as the theme draws them.`];
  }
  if (prop === 'position' && /\bfixed\b/i.test(value)) {
    return ['position: fixed is not allowed: it could cover the notices around the form.'];
  }
  const problems: string[] = [];
  const calls = [...value.matchAll(URL_CALL)];
  if (calls.length !== (value.match(/url\(/gi) ?? []).length) {
    problems.push(`${decl.prop}: write each url() with its address in quotes.`);
  }
  for (const call of calls) {
    const refused = refusedUrl((call[1] ?? call[2] ?? call[3] ?? '').trim(), hosts);
    if (refused) problems.push(refused);
  }
  return problems;
}

function atRuleProblem(rule: AtRule): string | null {
  const name = rule.name.toLowerCase();
  if (GROUPING.has(name) || KEYFRAMES.test(name) || name === 'font-face') {
    return /url\(|\\/i.test(rule.params) ? `@${rule.name} may not load anything in its condition.` : null;
  }
  return `@${rule.name} is not allowed in custom CSS.`;
}

function insideKeyframes(rule: Rule): boolean {
  let parent: postcss.Node | undefined = rule.parent as postcss.Node | undefined;
  for (; parent; parent = parent.parent as postcss.Node | undefined) {
    if (parent.type === 'atrule' && KEYFRAMES.test((parent as AtRule).name.toLowerCase())) return true;
  }
  return false;
}

/**
 * The owner's CSS as the page may draw it, or every problem by line. Comments are dropped, a rule
 * for `html`, `body` or `:root` styles the form's page itself, and `<` is written as its escape so
 * nothing can close the style element.
 */
export function checkCustomCss(source: string, hosts: readonly string[] = []): CheckedCss {
  if (!source.trim()) return { css: '', problems: [] };
  let root: postcss.Root;
  try {
    root = postcss.parse(source);
  } catch (err) {
    if (err instanceof CssSyntaxError) {
      return {
        css: '',
        problems: [{ line: err.line ?? 1, message: `This CSS does not parse: ${err.reason}.` }],
      };
    }
    throw err;
  }
  const problems: CssProblem[] = [];
  const refuse = (node: Parameters<typeof lineOf>[0], message: string) =>
    problems.push({ line: lineOf(node), message });
  root.walk((node) => {
    if (node.type === 'comment') {
      node.remove();
    } else if (node.type === 'atrule') {
      const problem = atRuleProblem(node);
      if (problem) refuse(node, problem);
    } else if (node.type === 'rule') {
      if (node.selector.includes('\\')) refuse(node, 'Escapes (\\) are not allowed in custom CSS.');
      else if (!insideKeyframes(node)) {
        node.selectors = node.selectors.map((s) =>
          PAGE_SELECTORS.has(s.trim().toLowerCase()) ? ':scope' : s,
        );
      }
    } else if (node.type === 'decl') {
      for (const message of declarationProblems(node, hosts)) refuse(node, message);
    }
  });
  if (problems.length > 0) return { css: '', problems };
  return { css: root.toString().replaceAll('<', '\\3c ').trim(), problems: [] };
}
