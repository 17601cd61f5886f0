import {
  calculated,
  consent,
  date,
  email,
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
  yesNo,
} from './build.ts';
import { defineTemplate } from './template.ts';

const category = 'Community & nonprofits';

export const communityTemplates = [
  defineTemplate({
    id: 'volunteer-signup',
    category,
    title: 'Volunteer sign-up',
    summary: 'Interests, availability and skills of new volunteers, with a note for under-18s.',
    formTitle: 'Volunteer with us',
    description:
      'Tell us how you would like to help and when you are free; we will be in touch within a week.',
    fields: [
      shortText('name', 'Full name', { required: true }),
      email('email', 'Email', { required: true, placeholder: 'you@example.com' }),
      phone('phone', 'Phone', { required: true }),
      yesNo('adult', 'Are you 18 or older?', { required: true }),
      statement(
        'under_18',
        'Volunteering under 18',
        'You are welcome! We will ask a parent or guardian to sign a consent form before your first shift.',
      ),
      multipleChoice(
        'roles',
        'How would you like to help?',
        ['Events', 'Fundraising', 'Driving', 'Admin', 'Mentoring'],
        {
          required: true,
          help: 'Select all that apply.',
        },
      ),
      multipleChoice(
        'availability',
        'When are you available?',
        ['Weekday daytime', 'Weekday evenings', 'Weekends'],
        { required: true },
      ),
      longText('skills', 'Skills or experience you would like to share'),
      consent('code', 'I agree to follow the volunteer code of conduct.'),
    ],
    logic: { rules: [showWhen('under_18', is('adult', 'no'), 'Explain consent for under-18s')] },
    submitButtonText: 'Sign me up',
    successMessage: 'Thank you for volunteering! We will be in touch within a week.',
  }),
  defineTemplate({
    id: 'donation-pledge',
    category,
    title: 'Donation pledge',
    summary: 'Amount, frequency with a yearly total, Gift Aid and how donors want to be thanked.',
    formTitle: 'Pledge a donation',
    description: 'Pledge a gift today; we send payment details by email and nothing is charged yet.',
    fields: [
      shortText('name', 'Full name', { required: true }),
      email('email', 'Email', { required: true, placeholder: 'you@example.com' }),
      number('amount', 'Amount (USD)', { required: true, min: 1, placeholder: '25' }),
      singleChoice('frequency', 'How often?', ['Once', 'Monthly'], { required: true }),
      calculated('yearly', 'Your gift over a year ($)', 'amount * 12', {
        help: 'If you give monthly.',
      }),
      yesNo('anonymous', 'Would you like to give anonymously?'),
      shortText('dedication', 'In honour or memory of', { placeholder: 'Optional' }),
      consent('contact', 'You may contact me about this pledge.'),
    ],
    logic: {
      rules: [showWhen('yearly', is('frequency', 'monthly'), 'Show the yearly total for monthly gifts')],
    },
    submitButtonText: 'Pledge',
    successMessage: 'Thank you for your generosity! Payment details are on their way by email.',
  }),
  defineTemplate({
    id: 'membership',
    category,
    title: 'Membership application',
    summary: 'Join a club: member details, membership type, interests and an emergency contact.',
    formTitle: 'Become a member',
    description: 'Join the club in a few minutes; your membership starts once we confirm your payment.',
    fields: [
      shortText('name', 'Full name', { required: true }),
      email('email', 'Email', { required: true, placeholder: 'you@example.com' }),
      phone('phone', 'Phone', { required: true }),
      date('birth_date', 'Date of birth', { required: true }),
      longText('address', 'Address'),
      singleChoice(
        'type',
        'Membership type',
        ['Adult ($120 a year)', 'Student ($60 a year)', 'Family ($200 a year)', 'Senior ($80 a year)'],
        {
          required: true,
        },
      ),
      multipleChoice(
        'interests',
        'What are you interested in?',
        ['Social events', 'Training', 'Competitions', 'Volunteering'],
        {
          help: 'Select all that apply.',
        },
      ),
      pageBreak('emergency', 'Emergency contact'),
      shortText('emergency_name', 'Contact name', { required: true }),
      phone('emergency_phone', 'Contact phone', { required: true }),
      consent('rules', 'I agree to the club’s rules and privacy policy.'),
    ],
    submitButtonText: 'Apply',
    successMessage: 'Welcome! We will email you how to pay and your membership number.',
  }),
  defineTemplate({
    id: 'pet-adoption',
    category,
    title: 'Pet adoption application',
    summary:
      'Home, household and experience of would-be adopters, with follow-ups on other pets and renting.',
    formTitle: 'Adopt a pet',
    description:
      'Tell us about you and your home so we can find the right match; it takes about five minutes.',
    fields: [
      shortText('name', 'Full name', { required: true }),
      email('email', 'Email', { required: true, placeholder: 'you@example.com' }),
      phone('phone', 'Phone', { required: true }),
      shortText('pet', 'Which animal would you like to adopt?', {
        placeholder: 'Name or reference, if you know it',
      }),
      pageBreak('home', 'Your home'),
      singleChoice(
        'home_type',
        'Type of home',
        ['House with garden', 'House without garden', 'Flat', 'Other'],
        { required: true },
      ),
      singleChoice('owns', 'Do you own or rent?', ['Own', 'Rent'], { required: true }),
      yesNo('landlord_ok', 'Does your landlord allow pets?', { required: true }),
      number('adults', 'Adults in the household', { required: true, min: 1, max: 20 }),
      number('children', 'Children in the household', { min: 0, max: 20 }),
      yesNo('other_pets', 'Do you have other pets?', { required: true }),
      longText('other_pets_details', 'Tell us about them', {
        required: true,
        placeholder: 'Species, age, temperament',
      }),
      pageBreak('experience', 'Experience'),
      longText('experience_text', 'Your experience with animals', { required: true }),
      number('hours_alone', 'Hours a day the pet would be alone', { required: true, min: 0, max: 24 }),
      consent('home_visit', 'I agree to a home visit before the adoption.'),
    ],
    logic: {
      rules: [
        showWhen('landlord_ok', is('owns', 'rent'), 'Ask renters about the landlord'),
        showWhen('other_pets_details', is('other_pets', 'yes'), 'Ask about other pets'),
      ],
    },
    submitButtonText: 'Send application',
    successMessage: 'Thank you! Our adoption team will call you within a week.',
  }),
];
