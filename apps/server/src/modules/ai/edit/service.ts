import type { EditProposal, GeneratorSource } from '@formsmith/core/forms/api';
import { applyEditPatch } from '@formsmith/core/forms/apply-edit-patch';
import type { EditableForm } from '@formsmith/core/forms/edit-patch';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../lib/app-error.ts';
import { modelName, ProviderError } from '../provider.ts';
import { interpretEdit } from './interpret-edit.ts';
import { editWithProvider } from './provider-edit.ts';

type EditDeps = { ai: Config['ai']; log: FastifyBaseLogger };

const NOT_UNDERSTOOD =
  "The built-in generator did not understand this instruction. Try e.g. 'add a phone field after email and make it optional', 'make every question required', 'turn the rating into 1 to 10', 'remove the fax number' or 'translate to Spanish'.";

function proposal(form: EditableForm, instruction: string, source: GeneratorSource): EditProposal {
  const patch = interpretEdit(instruction, form, applyEditPatch);
  if (!patch) throw new AppError('VALIDATION_FAILED', 422, NOT_UNDERSTOOD, { instruction: NOT_UNDERSTOOD });
  return { patch, form: applyEditPatch(form, patch), source };
}

/**
 * A proposed change to the form for the owner's instruction: from the configured model when
 * there is one (it gets the form and returns a patch), else — and whenever the model fails or
 * proposes something that does not fit — from the built-in generator's reading of it.
 */
export async function proposeEdit(
  deps: EditDeps,
  instruction: string,
  form: EditableForm,
): Promise<EditProposal> {
  const { ai, log } = deps;
  if (!ai.baseUrl) return proposal(form, instruction, { generator: 'builtin', model: null, fallback: null });
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
    return proposal(form, instruction, { generator: 'builtin', model, fallback: err.ownerReason });
  }
}
