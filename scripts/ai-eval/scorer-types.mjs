// @ts-check
// Runs the generator CLI and prints its form in the shared scorer's older vocabulary, which has
// no NPS, yes/no or page-break types: nps becomes a 0-10 range, yes_no a radio with Yes and No,
// and page breaks are left out (they ask nothing). For reading the generator's understanding
// apart from the new types; the raw CLI's score is reported beside it. Usage, from the repo root:
//   node ../shared/eval/score-ai.mjs --cases <file> --cmd "node scripts/ai-eval/scorer-types.mjs"
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const out = execFileSync(process.execPath, [
  path.join(root, 'apps/server/dist/generate.js'),
  ...process.argv.slice(2),
]);
/** @type {{ form: { fields: WireField[] } }} */
const body = JSON.parse(out.toString());

/**
 * @typedef {{ type: string, validation_rules?: Record<string, unknown> } & Record<string, unknown>} WireField
 * @param {WireField} field
 * @returns {WireField}
 */
function older(field) {
  if (field.type === 'nps') {
    return {
      ...field,
      type: 'range',
      field_type: 'range',
      validation_rules: { ...field.validation_rules, min: 0, max: 10 },
    };
  }
  if (field.type === 'yes_no') {
    const options = [
      { label: 'Yes', value: 'yes' },
      { label: 'No', value: 'no' },
    ];
    return { ...field, type: 'radio', field_type: 'radio', options };
  }
  return field;
}

body.form.fields = body.form.fields.filter((f) => f.type !== 'page_break').map(older);
process.stdout.write(`${JSON.stringify(body)}\n`);
