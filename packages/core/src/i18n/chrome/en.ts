/**
 * The public page's own words in English (ICU message syntax): the catalogue every other
 * language follows key for key. The page loads only the catalogue of the language it shows.
 */
export const messages = {
  // Validation of answers (the page and the server say the same).
  'validation.required': 'This field is required',
  'validation.minLength': 'Minimum length is {n, plural, one {# character} other {# characters}}',
  'validation.maxLength': 'Maximum length is {n, plural, one {# character} other {# characters}}',
  'validation.pattern': 'Invalid format',
  'validation.min': 'Minimum value is {n, number}',
  'validation.max': 'Maximum value is {n, number}',
  'validation.number': 'Please enter a number',
  'validation.email': 'Please enter a valid email address',
  'validation.emailOne': 'Enter just one email address, like name@example.com',
  'validation.url': 'Please enter a valid URL',
  'validation.date': 'Please enter a valid date',
  'validation.time': 'Please enter a valid time',
  'validation.color': 'Please enter a valid color',
  'validation.option': 'Please choose one of the options',
  'validation.nps': 'Please choose a whole number from 0 to 10',
  'validation.yesNo': 'Please answer yes or no',
  'validation.otherText': 'Please specify your other answer',
  'validation.matrixRows': 'Please answer every row',
  'validation.rating': 'Please choose from 1 to {n, number} stars',
  'validation.ranking':
    'Please put {n, plural, one {# option} other {# options}} in order, each in a place of its own',
  'validation.failed': 'Validation error',
  // Moving through the form.
  'form.next': 'Next',
  'form.back': 'Back',
  'form.errorSummary': 'Please correct these answers:',
  'form.submit': 'Submit',
  'form.submitting': 'Submitting…',
  'form.progress': 'Progress',
  'form.progressPage': 'Page {at, number} of {total, number}',
  'form.progressQuestion': 'Question {at, number} of {total, number}',
  'form.language': 'Language',
  'form.loading': 'Loading form',
  'form.logoAlt': '{title} logo',
  'form.poweredBy': 'Powered by {brand}',
  'form.privacyPolicy': 'Privacy policy',
  // Answers.
  'field.selectOption': 'Select an option',
  'field.yes': 'Yes',
  'field.no': 'No',
  'field.scaleLow': '0 = {label}',
  'field.scaleHigh': '10 = {label}',
  'field.notAnswered': 'Not answered',
  'field.answerThis': 'Answer with this value',
  'field.other': 'Other',
  'field.otherText': 'Other, please specify',
  'field.stars': '{n, number} of {total, number} stars',
  'field.moveUp': 'Move {label} up',
  'field.moveDown': 'Move {label} down',
  'field.rankMoved': '{label}: place {at, number} of {total, number}',
  'field.rankConfirm': 'Keep this order',
  'field.rankPlace': 'Place of {label}',
  'field.rankTop': 'Put your top {n, number} first: only they count',
  'field.notRanked': 'Not ranked',
  'file.uploading': 'Uploading…',
  'file.remove': 'Remove',
  'file.removeNamed': 'Remove {name}',
  'file.typeRejected': 'This file type is not accepted',
  'file.tooLarge': 'The file is too large (at most {size})',
  'file.uploadFailed': 'The file could not be uploaded. Please try again.',
  // The access gate.
  'gate.title': 'Protected Form',
  'gate.text': 'Enter the access code to open this form.',
  'gate.label': 'Access Code',
  'gate.submit': 'Submit',
  'gate.checking': 'Checking…',
  'gate.incorrect': 'Incorrect access code',
  // States of the form.
  'status.unavailableTitle': 'Form Unavailable',
  'status.unavailable': 'Unable to load the form. It may have been deleted or is no longer available.',
  'status.missingId': 'Form ID is missing. Please try again or contact support.',
  'status.expired': 'This form has expired',
  'status.closed': 'This form is closed',
  'status.submitted': 'Form Submitted',
  'status.successMessage': 'Thank you for your submission!',
  'status.submitAnother': 'Submit Another Response',
  'status.redirecting': 'Taking you to {host}…',
  'status.continueNow': 'Continue now',
  // Submitting.
  'submit.invalidResponse': 'Server returned an invalid response. Your submission may not have been saved.',
  'submit.problem':
    'There was a problem submitting your form. Please try again or contact support if the problem persists.',
  'submit.status401': 'Authentication error: Please check if this form is public or requires login.',
  'submit.status404': 'Form not found: The form may have been deleted or is no longer available.',
  'submit.status422': 'Validation error: Please check your form inputs and try again.',
  'submit.status500':
    'The server encountered an error while processing your submission. Please try again later.',
  'submit.error': 'Submission error: {message}',
  'submit.failed': 'Failed to submit form.',
  'submit.alreadyResponded': 'You have already responded to this form',
  'submit.noAnswers': 'Form data is required',
  'encryption.note':
    'End-to-end encrypted: your answers and files are encrypted in this browser before they are sent, and only the form’s owner can read them.',
  'encryption.notReady':
    'This form is not ready to take answers yet: its owner has not finished setting up encryption.',
  'encryption.needsSecure':
    'This form encrypts answers in your browser, which needs a secure (https) connection. Open the form’s https address to answer it.',
  // Saving for later and resuming.
  'encryption.needsJavaScript':
    'This form encrypts your answers in your browser before sending them, which needs JavaScript. Turn on JavaScript and reload this page to answer it.',
  'resume.welcomeBack': 'Welcome back',
  'resume.text': 'Your answers from your last visit are saved. Continue where you stopped, or start over.',
  'resume.continue': 'Continue',
  'resume.loading': 'Loading…',
  'resume.startOver': 'Start over',
  'resume.savingNotice': 'Your answers are saved as you go.',
  'resume.filledIn': 'Your saved answers are filled in.',
  'resume.linkFailed': 'This link could not be opened.',
  'resume.saveLater': 'Save and continue later',
  'resume.emailLabel': 'Email address for the link',
  'resume.sendLink': 'Send me a link',
  'resume.sending': 'Sending…',
  'resume.linkSent': 'We sent a link to {email}. Open it on any device to continue where you stopped.',
  'resume.saveFailed': 'Your answers could not be saved. Please try again.',
  // The confirmation mail to the respondent.
  'mail.yourAnswers': 'Your answers to "{title}":',
  'mail.notProvided': 'Not provided',
} as const;

export type ChromeKey = keyof typeof messages;
/** A catalogue: every key of the English one, in another language. */
export type ChromeMessages = Record<ChromeKey, string>;
