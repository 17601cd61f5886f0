import {
  consent,
  dropdown,
  email,
  endWhen,
  is,
  longText,
  multipleChoice,
  number,
  pageBreak,
  phone,
  shortText,
  showWhen,
  singleChoice,
  statement,
  upload,
  yesNo,
} from './build.ts';
import { defineTemplate } from './template.ts';

const category = 'Events';

export const eventTemplates = [
  defineTemplate({
    id: 'event-registration',
    category,
    title: 'Event registration',
    summary: 'Attendee details, ticket type, sessions and dietary needs, over two pages.',
    description: 'Save your place at the event; registration takes about two minutes.',
    fields: [
      shortText('name', 'Full name', { required: true, placeholder: 'Jane Smith' }),
      email('email', 'Email', {
        required: true,
        placeholder: 'jane@example.com',
        help: 'Your ticket is sent here.',
      }),
      shortText('organisation', 'Organisation'),
      singleChoice('ticket', 'Ticket', ['Standard', 'Student', 'Speaker', 'Press'], { required: true }),
      pageBreak('sessions_page', 'Your day'),
      multipleChoice(
        'sessions',
        'Which sessions will you attend?',
        ['Opening keynote', 'Morning workshops', 'Afternoon talks', 'Evening reception'],
        {
          help: 'Select all that apply.',
        },
      ),
      dropdown('diet', 'Dietary requirements', [
        'None',
        'Vegetarian',
        'Vegan',
        'Gluten-free',
        'Halal',
        'Kosher',
        'Other',
      ]),
      yesNo('access_needs', 'Do you have any accessibility needs?'),
      longText('access_details', 'Tell us what you need and we will arrange it', { required: true }),
      consent('photo_consent', 'I understand that photos will be taken at the event.'),
    ],
    logic: {
      rules: [showWhen('access_details', is('access_needs', 'yes'), 'Ask about accessibility needs')],
    },
    submitButtonText: 'Register',
    successMessage: 'You are registered! Your ticket is on its way to your inbox.',
  }),
  defineTemplate({
    id: 'rsvp',
    category,
    title: 'RSVP',
    summary:
      'Will they come, with how many guests and their menu choice; a kind ending for those who cannot.',
    formTitle: 'Will you join us?',
    description: 'Please reply by the end of the month so we can plan the food and the seating.',
    fields: [
      shortText('name', 'Your name', { required: true }),
      email('email', 'Email', { required: true, placeholder: 'you@example.com' }),
      yesNo('attending', 'Will you attend?', { required: true }),
      pageBreak('details', 'Your party'),
      number('guests', 'How many guests are you bringing?', {
        required: true,
        min: 0,
        max: 5,
        help: 'Not counting yourself.',
      }),
      singleChoice('menu', 'Menu choice', ['Meat', 'Fish', 'Vegetarian', 'Vegan'], { required: true }),
      longText('dietary', 'Allergies or dietary needs', { placeholder: 'For you and your guests.' }),
      shortText('song', 'A song that will get you dancing'),
    ],
    logic: {
      rules: [
        endWhen({ page: 'page_1', ending: 'declined', when: is('attending', 'no'), name: 'Not attending' }),
      ],
      endings: [
        {
          id: 'declined',
          title: 'We will miss you, {{name}}',
          message: 'Thank you for letting us know.',
          redirectParams: [],
        },
      ],
    },
    submitButtonText: 'Send RSVP',
    successMessage: 'Thank you! We cannot wait to see you.',
  }),
  defineTemplate({
    id: 'webinar-registration',
    category,
    title: 'Webinar registration',
    summary: 'A quick sign-up with the question people want answered live.',
    formTitle: 'Register for the webinar',
    description: 'Sign up and we will email you the joining link and a recording afterwards.',
    fields: [
      shortText('name', 'Name', { required: true }),
      email('email', 'Email', {
        required: true,
        placeholder: 'you@example.com',
        help: 'The joining link is sent here.',
      }),
      shortText('role', 'Job title'),
      singleChoice('experience', 'How familiar are you with the topic?', [
        'New to it',
        'Some experience',
        'Expert',
      ]),
      longText('question', 'What would you like us to answer live?', { placeholder: 'Optional' }),
      yesNo('recording', 'Send me the recording if I cannot make it'),
    ],
    submitButtonText: 'Save my seat',
    successMessage: 'Your seat is saved. The joining link is on its way.',
  }),
  defineTemplate({
    id: 'photo-contest-entry',
    category,
    title: 'Photo contest entry',
    summary: 'Photo upload, title, story and the entrant’s agreement to the rules.',
    formTitle: 'Enter the photo contest',
    description: 'Submit one photo for this year’s contest; entries close at the end of the month.',
    fields: [
      statement(
        'rules',
        'Before you enter',
        'One photo per person, taken by you in the last twelve months. JPEG or PNG up to 10 MB.',
      ),
      shortText('name', 'Photographer’s name', { required: true, help: 'As it should appear if you win.' }),
      email('email', 'Email', { required: true, placeholder: 'you@example.com' }),
      phone('phone', 'Phone'),
      upload('photo', 'Your photo', {
        required: true,
        accept: ['image/jpeg', 'image/png'],
        maxMegabytes: 10,
      }),
      shortText('photo_title', 'Title of the photo', { required: true, maxLength: 80 }),
      dropdown('category', 'Category', ['Landscape', 'Portrait', 'Street', 'Nature', 'Black and white'], {
        required: true,
      }),
      longText('story', 'The story behind it', {
        placeholder: 'Where and when was it taken?',
        maxLength: 500,
      }),
      consent('own_work', 'This is my own work and I accept the contest rules.'),
    ],
    submitButtonText: 'Submit my entry',
    successMessage: 'Your entry is in. Good luck! Winners are announced next month.',
  }),
];
