import type { Keyring } from '../../lib/encryption/keyring.ts';
import { openMany, openText, sealJson } from '../../lib/encryption/seal.ts';
import { sealFailure } from '../../lib/encryption/seal-failure.ts';

// The one place answers are sealed for the database and opened again ('Standard' encryption at
// rest). A row holds its answers sealed in sealed_data and {} in data; rows stored before
// encryption at rest hold them clear in data until the key command seals them, and Enhanced rows
// hold an envelope the server cannot open (data {} and no sealed_data).

/** The associated data of a submission's sealed answers: they open only in their own row. */
export const answersContext = (submissionId: string) => `submission.data:${submissionId}`;

export function sealAnswers(keyring: Keyring, submissionId: string, data: Record<string, unknown>): Buffer {
  return sealJson(keyring, data, answersContext(submissionId));
}

export type AnswerSource = { id: string; data: unknown; sealedData?: Uint8Array | null };

/**
 * The answers of a stored row, opened or (a row from before encryption at rest) as stored. A row
 * sealed under a key this server lacks is an error people can act on, never empty answers.
 */
export function readAnswers(keyring: Keyring, row: AnswerSource): Record<string, unknown> {
  if (row.sealedData) return JSON.parse(openAnswersText(keyring, row.id, row.sealedData));
  return row.data && typeof row.data === 'object' && !Array.isArray(row.data)
    ? (row.data as Record<string, unknown>)
    : {};
}

/** The JSON text of a row's sealed answers (what readAnswers parses). */
export function openAnswersText(keyring: Keyring, submissionId: string, sealed: Uint8Array): string {
  try {
    return openText(keyring, sealed, answersContext(submissionId));
  } catch (err) {
    throw sealFailure(err);
  }
}

/** The JSON texts of many rows' sealed answers at once (`contexts` from answersContext). */
export function openManyAnswersTexts(keyring: Keyring, sealed: Uint8Array[], contexts: string[]): string[] {
  try {
    return openMany(keyring, sealed, contexts).map((text) => text.toString('utf8'));
  } catch (err) {
    throw sealFailure(err);
  }
}

/** A row with its answers opened into data (sealed_data dropped), for readers that pass rows on. */
export function withAnswers<Row extends AnswerSource>(
  keyring: Keyring,
  row: Row,
): Omit<Row, 'data' | 'sealedData'> & { data: Record<string, unknown> } {
  const { sealedData: _sealed, data: _data, ...rest } = row;
  return { ...rest, data: readAnswers(keyring, row) };
}
