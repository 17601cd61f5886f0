// `npm run -s generate -- "<description>"`: prints the built-in generator's form as the API's JSON body.
import { generatedFormSchema } from '@formsmith/core/forms/api';
import { encode } from 'zod/mini';
import { generateFormBody } from './form-body.ts';

const description = process.argv.slice(2).join(' ');
process.stdout.write(`${JSON.stringify(encode(generatedFormSchema, generateFormBody(description)))}\n`);
