import type { EditProposal, GeneratorSource } from '@formsmith/core/forms/api';
import { applyEditPatch } from '@formsmith/core/forms/apply-edit-patch';
import type { EditableForm } from '@formsmith/core/forms/edit-patch';
import { interpretInstruction } from '@formsmith/core/instruction/interpret';
import { foldFieldConditions } from '@formsmith/core/logic/field-rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../lib/app-error.ts';
import { LANGUAGES, type Language } from '../generator/types.ts';
import { modelName, ProviderError } from '../provider.ts';
import { editWithProvider } from './provider-edit.ts';
import { translateForm } from './translate-form.ts';

type EditDeps = { ai: Config['ai']; log: FastifyBaseLogger };

/** The built-in interpreter's reading, with the generator's phrasebook to translate whole forms. */
export function interpretBuiltin(instruction: string, form: EditableForm) {
  return interpretInstruction(instruction, form, {
    translate: (current, tag) =>
      (LANGUAGES as readonly string[]).includes(tag) ? translateForm(current, tag as Language) : null,
  });
}

/**
 * The built-in interpreter's proposal, or a 422 that asks: what it understood, the fields the
 * unclear words could name, and examples built from this form.
 */
function builtinProposal(form: EditableForm, instruction: string, source: GeneratorSource): EditProposal {
  const reading = interpretBuiltin(instruction, form);
  if (!reading.ok) {
    const { message } = reading.question;
    throw new AppError(
      'VALIDATION_FAILED',
      422,
      message,
      { instruction: message },
      { question: reading.question },
    );
  }
  return { patch: reading.patch, form: applyEditPatch(form, reading.patch), source };
}

/**
 * A proposed change to the form for the owner's instruction: from the configured model when
 * there is one (it gets the form and the patch's JSON schema and returns a patch, checked like
 * any other), else — and whenever the model fails or proposes something that does not fit —
 * from the built-in interpreter. `source` says which answered, and why the model did not.
 */
export async function proposeEdit(
  deps: EditDeps,
  instruction: string,
  sent: EditableForm,
): Promise<EditProposal> {
  const { ai, log } = deps;
  // A client may still send questions with their own conditions (`conditional_logic`): the patch
  // works on rules alone, so those are read in as rules first, as a save reads them.
  const form = { ...sent, ...foldFieldConditions(sent.fields, sent.logic) };
  if (!ai.baseUrl)
    return builtinProposal(form, instruction, { generator: 'builtin', model: null, fallback: null });
  const config = { ...ai, baseUrl: ai.baseUrl };
  const model = modelName(config);
  try {
    const patch = await editWithProvider(config, instruction, form);
    return {
      patch,
      form: applyEditPatch(form, patch),
      source: { generator: 'model', model, fallback: null },
    };
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    log.warn(
      { reason: err.message, provider: ai.baseUrl },
      `AI provider failed (${err.message}); using the built-in generator`,
    );
    return builtinProposal(form, instruction, { generator: 'builtin', model, fallback: err.ownerReason });
  }
}
