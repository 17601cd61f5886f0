import { EMPTY_LOGIC } from '@formsmith/core/logic/definition';
import { buildDescription } from './build-description.ts';
import { buildTitle } from './build-title.ts';
import { cleanLabel } from './clean-label.ts';
import { detectLanguage } from './detect-language.ts';
import { fieldFromDraft } from './draft-field.ts';
import { addFieldHints } from './field-hints.ts';
import { followUpRules } from './follow-ups.ts';
import { detectKind, type FormKind } from './form-kinds.ts';
import { FORM_TEMPLATES } from './form-templates.ts';
import { splitAtPages, untitledPage } from './pages.ts';
import { parseItem, starsAside } from './parse-item.ts';
import { segmentDescription } from './segment-description.ts';
import { localizeField } from './template-fields.ts';
import { foldText } from './text-utils.ts';
import type { FieldDraft, GeneratedForm, Language } from './types.ts';

// Longer descriptions are cut so the parser's cost stays bounded.
const MAX_DESCRIPTION_LENGTH = 4000;
const MAX_FIELDS = 40;

const POLL = /\b(?:poll|vote|sondage|encuesta rapida|umfrage|sondaggio|enquete|peiling)\b/;

// Types that can appear only once in a simple form, so a template's copy is a duplicate.
const SINGLE_USE = new Set<FieldDraft['type']>(['email', 'phone']);

function templateFields(kind: FormKind, language: Language): FieldDraft[] {
  return FORM_TEMPLATES[kind].map((field) => {
    const draft = localizeField(field, language);
    return addFieldHints(draft, language);
  });
}

function isDuplicate(candidate: FieldDraft, fields: FieldDraft[]): boolean {
  const label = foldText(candidate.label);
  return fields.some(
    (f) => foldText(f.label) === label || (SINGLE_USE.has(f.type) && f.type === candidate.type),
  );
}

function dedupe(fields: FieldDraft[]): FieldDraft[] {
  const seen = new Set<string>();
  return fields.filter((field) => {
    const key = foldText(field.label);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function withTemplate(parsed: FieldDraft[], template: FieldDraft[]): FieldDraft[] {
  const merged = [...template];
  for (const field of parsed) if (!isDuplicate(field, merged)) merged.push(field);
  return merged;
}

function parseAll(
  items: Parameters<typeof parseItem>[0][],
  language: Language,
  kind?: FormKind,
): FieldDraft[] {
  const drafts: FieldDraft[] = [];
  // A form never needs more items than this; stopping early bounds the cost of pathological input.
  for (const item of items.slice(0, MAX_FIELDS * 2)) {
    const previous = drafts.at(-1);
    const aside = previous?.type === 'rating' ? starsAside(item.text) : null;
    if (previous && aside) {
      if (aside.halfStars) previous.halfStars = true;
      if (aside.stars !== undefined && previous.stars === undefined) previous.stars = aside.stars;
      continue;
    }
    const draft = parseItem(item, language, kind);
    if (draft) drafts.push(draft);
  }
  return dedupe(drafts).slice(0, MAX_FIELDS);
}

const isQuestion = (draft: FieldDraft) => draft.type !== 'page_break';

/**
 * The pages' fields in one list, a page break (titled by the page's heading, or a general
 * title) before each later page; a page left empty by deduplication is dropped with its break.
 */
function joinPages(pages: { fields: FieldDraft[]; heading?: string }[], language: Language): FieldDraft[] {
  const joined: FieldDraft[] = [];
  const seen = new Set<string>();
  pages.forEach((page, index) => {
    const fresh = page.fields.filter((field) => !seen.has(foldText(field.label)));
    for (const field of fresh) seen.add(foldText(field.label));
    if (fresh.length === 0) return;
    if (index > 0 && joined.length > 0) {
      const title = page.heading ? cleanLabel(page.heading, language) : '';
      joined.push({ label: title || untitledPage(language), type: 'page_break', required: false });
    }
    joined.push(...fresh);
  });
  return joined.slice(0, MAX_FIELDS);
}

/**
 * Builds a form (title, description, fields) from a plain-language description, offline: pages
 * where the writer starts one ('on a second page …'), and follow-up questions shown only after
 * the answer they follow ('if yes, ask …'), by rules of the form's logic.
 */
export function generateForm(description: string): GeneratedForm {
  const text = description.trim().slice(0, MAX_DESCRIPTION_LENGTH);
  const language = detectLanguage(text);
  const parts = splitAtPages(text).map((part, index) => segmentDescription(part, language, index > 0));
  const [first = { context: [], items: [] }] = parts;
  const { context } = first;
  const heading = context[0];
  const kind = detectKind(context.join(' ')) ?? detectKind(text);
  let fields = joinPages(
    parts.map((part, index) => ({
      fields: parseAll(part.items, language, kind),
      ...(index > 0 && part.context[0] ? { heading: part.context[0] } : {}),
    })),
    language,
  );
  // A poll asks the one question it names: nothing is added to it.
  const questions = fields.filter(isQuestion).length;
  if (questions < 2 && kind && !(questions === 1 && POLL.test(foldText(text)))) {
    fields = withTemplate(fields, templateFields(kind, language));
  }
  if (fields.length === 0)
    fields = parseAll(
      context.map((c) => ({ text: c })),
      language,
    );
  if (fields.length === 0) fields = templateFields('contact', language);
  const title = buildTitle(heading, kind, language);
  const built = fields.map(fieldFromDraft);
  return {
    title,
    description: buildDescription(fields, language),
    fields: built,
    logic: { ...EMPTY_LOGIC, rules: followUpRules(built, fields) },
  };
}
