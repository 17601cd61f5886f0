import { editInstructionBodySchema, editProposalSchema } from '@formsmith/core/forms/api';
import type { Form } from '@formsmith/core/forms/form';
import { useMutation } from '@tanstack/react-query';
import { encode } from 'zod/mini';
import { apiRequest } from '../api-client.ts';

/** POST /api/forms/edit-instruction: a proposed change to the form as the editor holds it now. */
export function proposeEdit(input: { instruction: string; form: Form }) {
  const { title, description, fields, logic, language, translations } = input.form;
  return apiRequest('/forms/edit-instruction', editProposalSchema, {
    method: 'POST',
    body: encode(editInstructionBodySchema, {
      instruction: input.instruction,
      form: { title, description, fields, logic, language, translations },
    }),
  });
}

export function useProposeEdit() {
  return useMutation({ mutationFn: proposeEdit });
}
