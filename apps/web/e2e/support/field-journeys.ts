import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { authHeaders, type TestUser } from './login.ts';
import { createFormViaApi, publishViaApi } from './seed-forms.ts';

/** Where the field journeys put their screenshots (outside the repository's tracked files). */
export const SHOTS = path.resolve(import.meta.dirname, '../../../../.tmp/shots');
mkdirSync(SHOTS, { recursive: true });

/** A published form of these fields (in the API's field shape, `type` given once). */
export async function publishedFormOf(
  page: Page,
  user: TestUser,
  title: string,
  fields: readonly Record<string, unknown>[],
) {
  const form = await createFormViaApi(page, user, { title, fields: [] });
  const data = fields.map((f, position) => ({ ...f, field_type: f.type, position, validation_rules: {} }));
  const put = await page.request.put(`/api/forms/${form.id}`, {
    headers: authHeaders(user),
    data: { title, description: '', fields: data },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await publishViaApi(page, user, form.id);
  return form;
}

/** The answers stored for a form, newest first, as its owner reads them through the API. */
export async function storedAnswers(page: Page, user: TestUser, formId: number) {
  const list = await page.request.get(`/api/form-submissions/forms/${formId}/submissions`, {
    headers: authHeaders(user),
  });
  return ((await list.json()) as { items: { data: Record<string, unknown> }[] }).items.map((i) => i.data);
}

/** The page is no wider than the window (nothing to scroll sideways to). */
export async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}
