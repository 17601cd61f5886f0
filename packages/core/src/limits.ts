/** Product constants shared by the web app and the server. */
export const LIMITS = {
  passwordMinLength: 8,
  /** Shorter access codes are guessed too fast, even behind the per-form backoff. */
  accessCodeMinLength: 4,
  minSubmitDelayMs: 3000,
  submitRetries: 2,
  submitRetryDelayMs: 1000,
  verifyRedirectMs: 5000,
  submissionsPageSize: 10,
  submissionsMaxPageSize: 100,
  tableCellChars: 30,
  idChars: 8,
  dashboardRecentForms: 4,
  dashboardRecentSubmissions: 5,
  titleMaxLength: 200,
  descriptionMaxLength: 5000,
  labelMaxLength: 500,
  maxFields: 200,
  /** Forms one account may hold (created or duplicated). */
  maxFormsPerAccount: 500,
  maxOptions: 500,
  aiDescriptionMaxLength: 4000,
  uploadMaxBytes: 10 * 1024 * 1024,
  /** Files one file field may take (the page without JavaScript posts them in one request). */
  uploadMaxFiles: 10,
  /** A signature's PNG: a drawing on the page's pad is tens of KB, so anything near this is not one. */
  signatureMaxBytes: 512 * 1024,
  submissionMaxBytes: 1024 * 1024,
  /** Characters a hidden or read-only field takes from the page's URL (a URL's usual limit). */
  prefillMaxLength: 2000,
} as const;
