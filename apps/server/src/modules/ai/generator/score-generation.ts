// Scores the built-in generator on a generation case file (scripts/ai-eval/generate-*.json), with
// the case format and weights of the team's form-generation scorer: per case 0.4 recall, 0.2 type,
// 0.1 required, 0.1 options, 0.1 precision and 0.1 title. Expected fields are matched to generated
// ones by label keyword, best pair first, one to one (without the shared scorer's re-pairing, so
// it can only score lower, never higher).
import { type FormField, optionsOf } from '@formsmith/core/forms/field';
import { z } from 'zod';
import { expectedFieldCore } from '../edit/score-edits.ts';
import { generateForm } from './generate-form.ts';

export const generationCaseSchema = z.object({
  id: z.string(),
  description: z.string(),
  title_any: z.array(z.string()).optional(),
  optional_extra: z.number().optional(),
  fields: z.array(expectedFieldCore).min(1),
});
export type GenerationCase = z.infer<typeof generationCaseSchema>;

// A yes/no field is a two-option choice and an NPS a 0-10 scale, as the shared scorer reads them.
const STANDS_FOR: Record<string, string[]> = {
  nps: ['range', 'number', 'radio', 'select', 'rating'],
  yes_no: ['radio', 'select'],
};

const norm = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[-_/\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const optionKey = (text: string) =>
  norm(text)
    .replace(/&/g, ' and ')
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, '');

function optionsOfField(field: FormField): string[] {
  if (field.type === 'yes_no') return ['Yes', 'No'];
  return optionsOf(field)?.map((o) => o.label) ?? [];
}

function jaccard(want: string[], got: string[]): number {
  const a = new Set(want.map(optionKey));
  const b = new Set(got.map(optionKey));
  const both = [...a].filter((x) => b.has(x)).length;
  return both / (a.size + b.size - both || 1);
}

/** Where a keyword occurs in a label: at a word start ranks above inside a word; -1 when absent. */
function keywordAt(label: string, keyword: string): { at: number; wordStart: boolean } | null {
  const at = label.indexOf(norm(keyword));
  if (at < 0) return null;
  return { at, wordStart: at === 0 || !/[\p{L}\p{N}]/u.test(label.charAt(at - 1)) };
}

/** One case's score from 0 to 1, and what it missed. */
export function scoreGenerationCase(expected: GenerationCase): { score: number; misses: string[] } {
  const form = generateForm(expected.description);
  const fields = form.fields.filter((f) => f.type !== 'page_break');
  const pairs: { e: number; g: number; rank: number[] }[] = [];
  expected.fields.forEach((want, e) => {
    const types = want.type_any ?? (want.type ? [want.type] : []);
    fields.forEach((field, g) => {
      const label = norm(field.label);
      for (const keyword of want.label_any) {
        const hit = keywordAt(label, keyword);
        if (!hit) continue;
        const typeOk =
          types.includes(field.type) || (STANDS_FOR[field.type] ?? []).some((t) => types.includes(t));
        pairs.push({ e, g, rank: [hit.wordStart ? 1 : 0, keyword.length, typeOk ? 1 : 0, -hit.at] });
      }
    });
  });
  pairs.sort((x, y) => {
    for (let i = 0; i < x.rank.length; i++) {
      const d = (y.rank[i] ?? 0) - (x.rank[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  });
  const matchOf = new Map<number, number>();
  const taken = new Set<number>();
  for (const pair of pairs) {
    if (matchOf.has(pair.e) || taken.has(pair.g)) continue;
    matchOf.set(pair.e, pair.g);
    taken.add(pair.g);
  }
  const misses: string[] = [];
  let typeOk = 0;
  let requiredOk = 0;
  let requiredCount = 0;
  let optionsSum = 0;
  let optionsCount = 0;
  expected.fields.forEach((want, e) => {
    const name = want.label_any[0] ?? '';
    const g = matchOf.get(e);
    const field = g === undefined ? undefined : fields[g];
    if (want.required !== undefined) requiredCount++;
    if (want.options) optionsCount++;
    if (!field) {
      misses.push(`missing ${name}`);
      return;
    }
    const types = want.type_any ?? (want.type ? [want.type] : []);
    if (types.includes(field.type) || (STANDS_FOR[field.type] ?? []).some((t) => types.includes(t))) typeOk++;
    else misses.push(`${name}: ${field.type}`);
    if (want.required !== undefined) {
      if (field.validation.required === want.required) requiredOk++;
      else misses.push(`${name}: required ${field.validation.required}`);
    }
    if (want.options) {
      const overlap = jaccard(want.options, optionsOfField(field));
      optionsSum += overlap;
      if (overlap < 1) misses.push(`${name}: options ${optionsOfField(field).join('/')}`);
    }
  });
  const matched = matchOf.size;
  const recall = matched / expected.fields.length;
  const precision = Math.min(1, (matched + (expected.optional_extra ?? 2)) / Math.max(1, fields.length));
  const title = norm(form.title);
  const titleOk = !expected.title_any || expected.title_any.some((k) => title.includes(norm(k))) ? 1 : 0;
  if (!titleOk) misses.push(`title ${form.title}`);
  const score =
    0.4 * recall +
    0.2 * (matched ? typeOk / matched : 0) +
    0.1 * (requiredCount ? requiredOk / requiredCount : 1) +
    0.1 * (optionsCount ? optionsSum / optionsCount : 1) +
    0.1 * precision +
    0.1 * titleOk;
  return { score, misses };
}
