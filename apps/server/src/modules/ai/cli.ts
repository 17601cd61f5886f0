// `npm run -s generate -- "<description>"`: prints the built-in generator's form as the API's JSON body.
import { generateForm } from './generator/generate-form.ts';

const description = process.argv.slice(2).join(' ');
process.stdout.write(`${JSON.stringify({ form: generateForm(description) })}\n`);
