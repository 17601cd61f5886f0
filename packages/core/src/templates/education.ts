import {
  answer,
  consent,
  date,
  email,
  endWhen,
  is,
  longText,
  multipleChoice,
  nps,
  phone,
  quizQuestion,
  rating,
  shortText,
  showWhen,
  singleChoice,
  statement,
  yesNo,
} from './build.ts';
import { defineTemplate } from './template.ts';

const category = 'Education & quizzes';

const score = (operator: 'greater_or_equal' | 'less_than', value: string) => ({
  source: 'variable' as const,
  ref: 'score',
  operator,
  value,
});

export const educationTemplates = [
  defineTemplate({
    id: 'quiz',
    category,
    title: 'General knowledge quiz',
    summary: 'Five scored questions with a pass mark and an ending for those who pass and those who do not.',
    formTitle: 'Quick general knowledge quiz',
    description: 'Five questions, one point each; score four or more to pass.',
    fields: [
      shortText('name', 'Your name', { required: true }),
      quizQuestion('q_planet', 'Which planet is known as the Red Planet?', {
        options: ['Venus', 'Mars', 'Jupiter', 'Saturn'],
        right: 'Mars',
      }),
      quizQuestion('q_ocean', 'What is the largest ocean on Earth?', {
        options: ['Atlantic', 'Indian', 'Pacific', 'Arctic'],
        right: 'Pacific',
      }),
      quizQuestion('q_painter', 'Who painted the Mona Lisa?', {
        options: ['Michelangelo', 'Leonardo da Vinci', 'Raphael'],
        right: 'Leonardo da Vinci',
      }),
      quizQuestion('q_water', 'At sea level, water boils at…', {
        options: ['90 °C', '100 °C', '120 °C'],
        right: '100 °C',
      }),
      quizQuestion('q_continents', 'How many continents are there?', {
        options: ['Five', 'Six', 'Seven'],
        right: 'Seven',
      }),
    ],
    logic: {
      quiz: { enabled: true, passMark: 4 },
      rules: [
        endWhen({ page: 'page_1', ending: 'passed', when: score('greater_or_equal', '4'), name: 'Passed' }),
        endWhen({ page: 'page_1', ending: 'try_again', when: score('less_than', '4'), name: 'Not passed' }),
      ],
      endings: [
        {
          id: 'passed',
          title: 'Well done, {{name}}!',
          message: 'You scored {{score}} out of 5 and passed.',
          redirectParams: [],
        },
        {
          id: 'try_again',
          title: 'Nice try, {{name}}',
          message: 'You scored {{score}} out of 5. Four correct answers pass; have another go!',
          redirectParams: [],
        },
      ],
    },
    display: 'one_at_a_time',
    submitButtonText: 'See my score',
  }),
  defineTemplate({
    id: 'course-evaluation',
    category,
    title: 'Course evaluation',
    summary: 'Ratings of content, teaching and pace, what to keep and change, and a recommendation score.',
    description: 'Tell us about the course you have just finished; your answers are anonymous.',
    fields: [
      shortText('course', 'Course name', { required: true }),
      rating('content', 'Course content', { required: true }),
      rating('teaching', 'Quality of teaching', { required: true }),
      singleChoice('pace', 'The pace was…', ['Too slow', 'About right', 'Too fast'], { required: true }),
      singleChoice('workload', 'The workload was…', ['Too light', 'About right', 'Too heavy']),
      longText('keep', 'What should we keep?'),
      longText('change', 'What should we change?'),
      nps('recommend', 'How likely are you to recommend this course to a friend?', { required: true }),
    ],
    successMessage: 'Thank you! Your answers shape next term’s course.',
  }),
  defineTemplate({
    id: 'workshop-feedback',
    category,
    title: 'Workshop feedback',
    summary: 'A quick read on the session, the facilitator and what participants will use.',
    description: 'Two minutes to tell us how today’s workshop went.',
    fields: [
      rating('overall', 'Overall, how was the workshop?', { required: true }),
      rating('facilitator', 'How clear was the facilitator?', {
        required: true,
        help: '1 = hard to follow, 5 = very clear',
      }),
      yesNo('met_goals', 'Did the workshop meet your goals?', { required: true }),
      longText('missed', 'What was missing?', { required: true }),
      longText('use', 'What will you put into practice first?'),
      yesNo('future', 'Would you like to hear about future workshops?'),
      email('email', 'Email', { required: true, placeholder: 'you@example.com' }),
    ],
    logic: {
      rules: [
        showWhen('missed', is('met_goals', 'no'), 'If goals were not met, ask what was missing'),
        showWhen('email', is('future', 'yes'), 'Ask the email for future workshops'),
      ],
    },
    successMessage: 'Thank you for your feedback and for joining us today.',
  }),
  defineTemplate({
    id: 'parent-consent',
    category,
    title: 'Parent consent',
    summary:
      'Consent for a school trip with the child’s details, medical information and an emergency contact.',
    formTitle: 'School trip consent',
    description: 'Please give your consent for your child to join the trip by the date in the letter.',
    fields: [
      statement(
        'trip',
        'About the trip',
        'Pupils travel by coach with their teachers and return by 16:00. Packed lunch needed.',
      ),
      shortText('child_name', 'Child’s full name', { required: true }),
      shortText('class', 'Class', { required: true, placeholder: 'e.g. 4B' }),
      shortText('parent_name', 'Parent or guardian’s name', { required: true }),
      phone('parent_phone', 'Phone on the day', {
        required: true,
        help: 'We call this number if anything happens.',
      }),
      email('parent_email', 'Email', { placeholder: 'you@example.com' }),
      yesNo('medical', 'Does your child have medical needs or allergies?', { required: true }),
      longText('medical_details', 'Please describe them and any medication', { required: true }),
      yesNo('photos', 'May we take photos of your child for the school newsletter?', { required: true }),
      consent('consent', 'I give permission for my child to take part in the trip.'),
      date('signed', 'Date', { required: true }),
    ],
    logic: {
      rules: [showWhen('medical_details', answer('medical', 'equals', 'yes'), 'Ask about medical needs')],
    },
    submitButtonText: 'Give consent',
    successMessage: 'Thank you, your consent has been recorded.',
  }),
  defineTemplate({
    id: 'class-registration',
    category,
    title: 'Class registration',
    summary: 'Sign-up for a class or course with level, schedule and how people heard about it.',
    formTitle: 'Register for a class',
    description: 'Choose your class and schedule; we confirm your place by email.',
    fields: [
      shortText('name', 'Full name', { required: true }),
      email('email', 'Email', { required: true, placeholder: 'you@example.com' }),
      phone('phone', 'Phone'),
      singleChoice('class', 'Class', ['Beginners', 'Improvers', 'Advanced'], { required: true }),
      multipleChoice(
        'schedule',
        'Which times suit you?',
        ['Weekday mornings', 'Weekday evenings', 'Saturdays'],
        {
          required: true,
          help: 'Select all that apply.',
        },
      ),
      singleChoice('heard', 'How did you hear about us?', [
        'A friend',
        'Social media',
        'Search engine',
        'Poster or flyer',
        'Other',
      ]),
      consent('terms', 'I have read the class terms and cancellation policy.'),
    ],
    submitButtonText: 'Register',
    successMessage: 'Thank you! We will confirm your place by email.',
  }),
];
