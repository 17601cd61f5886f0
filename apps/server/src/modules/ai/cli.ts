// `npm run -s generate -- "<description>"`: prints the built-in generator's form as the API's JSON body.
import { generateFormBody } from './form-body.ts';

const description = process.argv.slice(2).join(' ');
process.stdout.write(`${JSON.stringify(generateFormBody(description))}\n`);
