import {
  type FieldValue,
  type FieldValues,
  type FileStatus,
  type FileValue,
  fileValues,
} from '../../../components/form-renderer/values.ts';

/**
 * One respondent's session on the fill page: the answers, the screen shown, which answers show
 * their errors, the server's errors, uploads under way, the banner, and the submit in progress.
 * The page renders it; every change goes through `fillSessionReducer`, so each transition is
 * one pure function tested on its own.
 */
export type FillSession = {
  values: FieldValues;
  /** The screen shown; null (or one no longer on the path) shows the first. */
  stepId: string | null;
  /** Fields left once: their errors show. */
  touched: ReadonlySet<string>;
  /** Screens whose Next or Submit was pressed: every error on them shows. */
  attempted: ReadonlySet<string>;
  /** Errors the server or an upload gave, each kept until its field changes. */
  serverErrors: Record<string, string>;
  fileStatus: Record<string, FileStatus>;
  banner: string | null;
  submitting: boolean;
  /** How long the submit waits for the anti-spam window to pass (0: not waiting). */
  holdMs: number;
};

export type FillSessionAction =
  | { type: 'moved'; stepId: string }
  | { type: 'answered'; fieldId: string; value: FieldValue }
  /** One more file uploaded to a field that takes several. */
  | { type: 'fileAdded'; fieldId: string; file: FileValue }
  | { type: 'left'; fieldId: string }
  | { type: 'attempted'; stepId: string }
  | { type: 'fieldFailed'; fieldId: string; message: string }
  | { type: 'fieldErrorCleared'; fieldId: string }
  | { type: 'refused'; errors: Record<string, string> }
  | { type: 'uploadStarted'; fieldId: string }
  | { type: 'uploadEnded'; fieldId: string }
  | { type: 'failed'; message: string }
  | { type: 'bannerCleared' }
  | { type: 'submitStarted' }
  | { type: 'held'; ms: number }
  | { type: 'submitEnded' };

/**
 * The session as the page opens: the answers (resumed, rendered by the server, or prefilled, as
 * the caller chose), the screen to show, and the server's errors and banner, if it sent a page back.
 */
export function startFillSession(start: {
  values: FieldValues;
  stepId?: string | null;
  errors?: Record<string, string>;
  banner?: string | null;
}): FillSession {
  return {
    values: start.values,
    stepId: start.stepId ?? null,
    touched: new Set(),
    attempted: new Set(),
    serverErrors: start.errors ?? {},
    fileStatus: {},
    banner: start.banner ?? null,
    submitting: false,
    holdMs: 0,
  };
}

const without = <T>(record: Record<string, T>, key: string): Record<string, T> => {
  if (!Object.hasOwn(record, key)) return record;
  const { [key]: _, ...rest } = record;
  return rest;
};

export function fillSessionReducer(state: FillSession, action: FillSessionAction): FillSession {
  switch (action.type) {
    case 'moved':
      return { ...state, stepId: action.stepId };
    case 'answered':
      // A new answer replaces whatever the server said of the old one.
      return {
        ...state,
        values: { ...state.values, [action.fieldId]: action.value },
        serverErrors: without(state.serverErrors, action.fieldId),
      };
    case 'fileAdded':
      return {
        ...state,
        values: {
          ...state.values,
          [action.fieldId]: [...fileValues(state.values[action.fieldId]), action.file],
        },
      };
    case 'left':
      return state.touched.has(action.fieldId)
        ? state
        : { ...state, touched: new Set(state.touched).add(action.fieldId) };
    case 'attempted':
      return state.attempted.has(action.stepId)
        ? state
        : { ...state, attempted: new Set(state.attempted).add(action.stepId) };
    case 'fieldFailed':
      return { ...state, serverErrors: { ...state.serverErrors, [action.fieldId]: action.message } };
    case 'fieldErrorCleared':
      return { ...state, serverErrors: without(state.serverErrors, action.fieldId) };
    case 'refused':
      return { ...state, serverErrors: action.errors };
    case 'uploadStarted':
      return { ...state, fileStatus: { ...state.fileStatus, [action.fieldId]: { uploading: true } } };
    case 'uploadEnded':
      return { ...state, fileStatus: without(state.fileStatus, action.fieldId) };
    case 'failed':
      return { ...state, banner: action.message };
    case 'bannerCleared':
      return state.banner === null ? state : { ...state, banner: null };
    case 'submitStarted':
      return { ...state, submitting: true };
    case 'held':
      return { ...state, holdMs: action.ms };
    case 'submitEnded':
      return { ...state, submitting: false, holdMs: 0 };
  }
}
