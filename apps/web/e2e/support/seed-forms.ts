import { expect, type Page } from '@playwright/test';
import { authHeaders, type TestUser } from './login.ts';

export type SeedField = { label: string; type: string; required?: boolean; options?: string[] };

/** Creates a form through the API (quick arrangement for journeys that test other screens). */
export async function createFormViaApi(
  page: Page,
  user: TestUser,
  form: { title: string; description?: string; fields?: SeedField[]; workspaceId?: number },
): Promise<{ id: number; share_url: string }> {
  const fields = (form.fields ?? [{ label: 'Your name', type: 'text' }]).map((f, i) => ({
    id: `seed_${i}`,
    label: f.label,
    type: f.type,
    field_type: f.type,
    is_required: f.required ?? false,
    position: i,
    validation_rules: {},
    ...(f.options
      ? { options: f.options.map((o, j) => ({ id: `o${j}`, label: o, value: o.toLowerCase() })) }
      : {}),
  }));
  const res = await page.request.post('/api/forms', {
    params: form.workspaceId === undefined ? undefined : { workspace_id: form.workspaceId },
    headers: authHeaders(user),
    data: { title: form.title, description: form.description ?? '', fields },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: number; sharing: { share_url: string } };
  return { id: body.id, share_url: body.sharing.share_url };
}

export async function publishViaApi(page: Page, user: TestUser, id: number): Promise<void> {
  const res = await page.request.post(`/api/forms/${id}/publish`, { headers: authHeaders(user) });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Submits answers as an anonymous respondent (the form must be published). */
export async function submitViaApi(page: Page, id: number, data: Record<string, unknown>): Promise<void> {
  const res = await page.request.post(`/api/form-submissions/forms/${id}/submit`, {
    data: { data, metadata: {} },
    headers: { 'idempotency-key': `${id}-${Math.random()}` },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A published form of these wire fields (ids, types and their own properties as the API takes them). */
export async function publishedFormWithFields(
  page: Page,
  user: TestUser,
  title: string,
  wireFields: Record<string, unknown>[],
): Promise<{ id: number; share_url: string }> {
  const form = await createFormViaApi(page, user, { title, fields: [] });
  const fields = wireFields.map((f, position) => ({
    ...f,
    field_type: f.type,
    position,
    validation_rules: {},
  }));
  const put = await page.request.put(`/api/forms/${form.id}`, {
    headers: authHeaders(user),
    data: { title, description: '', fields },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await publishViaApi(page, user, form.id);
  return form;
}

/** The answers of a form's submissions, as its owner's API lists them. */
export async function storedAnswersOf<T = Record<string, unknown>>(
  page: Page,
  user: TestUser,
  formId: number,
): Promise<T[]> {
  const list = await page.request.get(`/api/form-submissions/forms/${formId}/submissions`, {
    headers: authHeaders(user),
  });
  return ((await list.json()) as { items: { data: T }[] }).items.map((i) => i.data);
}

/** A new form open in the editor, a field of one palette entry added to it and labelled. */
export async function editorWithNewField(
  page: Page,
  user: TestUser,
  form: { title: string; palette: string; label: string },
): Promise<{ id: number; share_url: string }> {
  const created = await createFormViaApi(page, user, { title: form.title });
  await page.goto(`/forms/${created.id}/edit`);
  await page.getByRole('button', { name: `Add ${form.palette} field` }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill(form.label);
  return created;
}

/** A form's fields as its owner's API gives them (wire names). */
export async function savedFieldsOf(page: Page, user: TestUser, formId: number) {
  const res = await page.request.get(`/api/forms/${formId}`, { headers: authHeaders(user) });
  return ((await res.json()) as { fields: Record<string, unknown>[] }).fields;
}
