import {
  dropdown,
  email,
  is,
  link,
  longText,
  multipleChoice,
  pageBreak,
  rating,
  shortText,
  showWhen,
  singleChoice,
  upload,
  yesNo,
} from './build.ts';
import { defineTemplate } from './template.ts';

const category = 'Support';

export const supportTemplates = [
  defineTemplate({
    id: 'support-request',
    category,
    title: 'Support request',
    summary: 'Product, urgency, a description and a screenshot, so the ticket can be answered first time.',
    formTitle: 'Get help',
    description: 'Describe the problem and our support team will reply by email, usually within four hours.',
    fields: [
      shortText('name', 'Name', { required: true }),
      email('email', 'Email', { required: true, placeholder: 'you@example.com' }),
      shortText('account', 'Account or order number', { help: 'Helps us find you faster.' }),
      dropdown(
        'area',
        'What do you need help with?',
        ['Billing', 'Signing in', 'Using the product', 'Something is broken', 'Other'],
        {
          required: true,
        },
      ),
      singleChoice(
        'urgency',
        'How urgent is it?',
        ['Low: a question', 'Normal: it slows me down', 'High: I cannot work'],
        { required: true },
      ),
      shortText('subject', 'Subject', { required: true, placeholder: 'A short summary' }),
      longText('description', 'Describe the problem', {
        required: true,
        placeholder: 'What happened, and what did you expect?',
      }),
      upload('screenshot', 'Screenshot', {
        accept: ['image/*'],
        maxMegabytes: 10,
        help: 'Optional, up to 10 MB.',
      }),
    ],
    submitButtonText: 'Send request',
    successMessage: 'Your request is in. We usually reply within four hours.',
  }),
  defineTemplate({
    id: 'bug-report',
    category,
    title: 'Bug report',
    summary: 'Steps to reproduce, expected and actual behaviour, severity and environment, over two pages.',
    formTitle: 'Report a bug',
    description: 'Help us fix it: the clearer the steps, the faster the fix.',
    fields: [
      shortText('summary', 'Summary', {
        required: true,
        placeholder: 'Export button does nothing on Safari',
      }),
      longText('steps', 'Steps to reproduce', {
        required: true,
        placeholder: '1. Go to…\n2. Click…\n3. See…',
      }),
      longText('expected', 'What did you expect to happen?', { required: true }),
      longText('actual', 'What happened instead?', { required: true }),
      singleChoice(
        'severity',
        'Severity',
        ['Blocker: I cannot continue', 'Major: a workaround is painful', 'Minor: an annoyance', 'Cosmetic'],
        {
          required: true,
        },
      ),
      pageBreak('environment', 'Where it happened'),
      dropdown('browser', 'Browser', ['Chrome', 'Firefox', 'Safari', 'Edge', 'Other']),
      dropdown('os', 'Operating system', ['Windows', 'macOS', 'Linux', 'iOS', 'Android']),
      link('page_url', 'Page where it happened', { placeholder: 'https://' }),
      upload('evidence', 'Screenshot or recording', { accept: ['image/*', 'video/*'], maxMegabytes: 10 }),
      email('email', 'Email for updates', {
        placeholder: 'you@example.com',
        help: 'Optional: we tell you when it is fixed.',
      }),
    ],
    submitButtonText: 'Report bug',
    successMessage: 'Thank you! Our developers will look at it.',
  }),
  defineTemplate({
    id: 'feature-request',
    category,
    title: 'Feature request',
    summary: 'The problem behind a request, how important it is, and current workarounds.',
    formTitle: 'Suggest a feature',
    description: 'Tell us what you would like the product to do; we read every suggestion.',
    fields: [
      shortText('title', 'Feature in a few words', { required: true }),
      longText('problem', 'What problem would it solve?', {
        required: true,
        placeholder: 'When I…, I want to…, so that…',
      }),
      rating('importance', 'How important is it to you?', {
        required: true,
        help: '1 = nice to have, 5 = essential',
      }),
      multipleChoice(
        'areas',
        'Which parts of the product does it touch?',
        ['Editor', 'Reports', 'Integrations', 'Mobile', 'Billing'],
        {
          help: 'Select all that apply.',
        },
      ),
      yesNo('workaround', 'Do you have a workaround today?'),
      longText('workaround_details', 'What is it?', { required: true }),
      email('email', 'Email', { placeholder: 'If you would like to hear back' }),
    ],
    logic: { rules: [showWhen('workaround_details', is('workaround', 'yes'), 'Ask about the workaround')] },
    submitButtonText: 'Send suggestion',
    successMessage: 'Thank you for your idea!',
  }),
];
