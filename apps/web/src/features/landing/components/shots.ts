import type { Shot } from './screenshot.tsx';

// The screens the landing page shows, as captured (sizes in pixels of the saved images).
export const SHOTS = {
  editor: {
    name: 'editor',
    width: 1200,
    height: 750,
    alt: 'The form editor: a workshop registration form with its fields on the canvas and the field palette beside it',
  },
  respondent: {
    name: 'respondent',
    width: 780,
    height: 1560,
    alt: 'The same form as a respondent sees it on a phone',
  },
  analytics: {
    name: 'analytics',
    width: 1200,
    height: 750,
    alt: "A form's analytics: how many answered each question, and the distribution of the answers to each",
  },
} satisfies Record<string, Shot>;
