import {
  consent,
  date,
  dropdown,
  email,
  fromUrl,
  is,
  longText,
  multipleChoice,
  number,
  phone,
  shortText,
  showWhen,
  singleChoice,
  upload,
} from './build.ts';
import { defineTemplate } from './template.ts';

const category = 'Contact & leads';

export const contactTemplates = [
  defineTemplate({
    id: 'contact',
    category,
    title: 'Contact us',
    summary: 'A short message form with the topic, so each message reaches the right person.',
    description: 'Send us a message and we will reply within one working day.',
    fields: [
      shortText('name', 'Your name', { required: true, placeholder: 'Jane Smith' }),
      email('email', 'Email', { required: true, placeholder: 'jane@example.com' }),
      phone('phone', 'Phone', {
        placeholder: '+1 555 123 4567',
        help: 'Only if you would rather we call you.',
      }),
      dropdown('topic', 'What is it about?', ['A question', 'Sales', 'Support', 'Press', 'Something else'], {
        required: true,
      }),
      longText('message', 'Message', { required: true, placeholder: 'How can we help?', maxLength: 2000 }),
    ],
    submitButtonText: 'Send message',
    successMessage: 'Thank you, your message is on its way. We will reply within one working day.',
  }),
  defineTemplate({
    id: 'lead-capture',
    category,
    title: 'Lead capture',
    summary: 'Qualify prospects by company size, budget and timing, with the campaign taken from the link.',
    formTitle: 'Talk to our team',
    description: 'Tell us a little about your company and we will get back to you with a tailored demo.',
    fields: [
      shortText('name', 'Full name', { required: true, placeholder: 'Jane Smith' }),
      email('work_email', 'Work email', { required: true, placeholder: 'jane@company.com' }),
      shortText('company', 'Company', { required: true }),
      dropdown('company_size', 'Company size', ['1–10', '11–50', '51–200', '201–1,000', 'More than 1,000'], {
        required: true,
      }),
      singleChoice('budget', 'Budget for this project', [
        'Under $5,000',
        '$5,000–$20,000',
        'Over $20,000',
        'Not decided yet',
      ]),
      singleChoice(
        'timeline',
        'When do you want to start?',
        ['This month', 'Within three months', 'Later this year', 'Just exploring'],
        {
          required: true,
        },
      ),
      longText('needs', 'What would you like to achieve?', { placeholder: 'A sentence or two is plenty.' }),
      fromUrl('campaign', 'Campaign'),
      consent('contact_consent', 'I agree to be contacted about this request.'),
    ],
    submitButtonText: 'Request a demo',
    successMessage: 'Thanks! Someone from our team will be in touch within two working days.',
  }),
  defineTemplate({
    id: 'newsletter',
    category,
    title: 'Newsletter sign-up',
    summary: 'Email, first name and the topics people want to hear about.',
    formTitle: 'Subscribe to our newsletter',
    description: 'One email a month with our best articles; unsubscribe at any time.',
    fields: [
      email('email', 'Email', { required: true, placeholder: 'you@example.com' }),
      shortText('first_name', 'First name', { placeholder: 'So we can greet you properly' }),
      multipleChoice(
        'topics',
        'What would you like to hear about?',
        ['Product news', 'Guides and tips', 'Events', 'Offers'],
        {
          help: 'Select all that apply.',
        },
      ),
      singleChoice('frequency', 'How often?', ['Monthly', 'Weekly']),
      consent('consent', 'I agree to receive emails and know I can unsubscribe at any time.'),
    ],
    submitButtonText: 'Subscribe',
    successMessage: 'You are subscribed. Look out for a confirmation email.',
  }),
  defineTemplate({
    id: 'quote-request',
    category,
    title: 'Quote request',
    summary: 'Scope, budget and deadline for a job, with files and an optional site visit.',
    formTitle: 'Request a quote',
    description:
      'Describe the work and we will send you a free, no-obligation quote within three working days.',
    fields: [
      shortText('name', 'Your name', { required: true }),
      email('email', 'Email', { required: true, placeholder: 'you@example.com' }),
      phone('phone', 'Phone', { placeholder: '+1 555 123 4567' }),
      dropdown('service', 'Service', ['Design', 'Development', 'Installation', 'Maintenance', 'Other'], {
        required: true,
      }),
      longText('scope', 'Describe the work', {
        required: true,
        placeholder: 'What needs doing, where, and anything we should know.',
      }),
      number('budget', 'Budget (USD)', { min: 0, help: 'A rough figure helps us suggest the right option.' }),
      date('deadline', 'When do you need it done?'),
      upload('attachments', 'Plans, photos or a brief', {
        accept: ['image/*', '.pdf'],
        maxMegabytes: 10,
        help: 'Images or a PDF, up to 10 MB.',
      }),
      singleChoice('site_visit', 'Would you like a site visit?', ['Yes', 'No']),
      shortText('address', 'Address for the visit', { required: true }),
    ],
    logic: { rules: [showWhen('address', is('site_visit', 'yes'), 'Ask the address for a visit')] },
    submitButtonText: 'Request my quote',
    successMessage: 'Thank you! We will send your quote within three working days.',
  }),
];
