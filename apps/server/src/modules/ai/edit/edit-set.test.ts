import { readFileSync } from 'node:fs';
import { applyEditPatch } from '@formsmith/core/forms/apply-edit-patch';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { interpretEdit } from './interpret-edit.ts';
import { caseForm, editCaseSchema, scoreEditCase } from './score-edits.ts';

const CASES = z
  .array(editCaseSchema)
  .parse(
    JSON.parse(
      readFileSync(new URL('../../../../../../scripts/ai-eval/edit-cases.json', import.meta.url), 'utf8'),
    ),
  );

describe('the built-in edit interpreter on the edit set', () => {
  const results = CASES.map((editCase) => {
    const form = caseForm(editCase);
    const patch = interpretEdit(editCase.instruction, form, applyEditPatch);
    return { id: editCase.id, ...scoreEditCase(editCase, patch ? applyEditPatch(form, patch) : null) };
  });

  it('holds at least 30 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  it('scores at least 0.9', () => {
    const score = results.reduce((sum, r) => sum + r.score, 0) / results.length;
    const missed = results
      .filter((r) => r.score < 1)
      .map((r) => `${r.id} ${r.score.toFixed(2)}: ${r.misses.join(', ')}`);
    expect(score, missed.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});
