import { type Browser, expect, type Page } from '@playwright/test';
import { authHeaders, registerAndLogin, type TestUser } from './login.ts';

// What the journeys of end-to-end encrypted forms start from: a new owner with a published form,
// their tab signed in, and the form's answers unlocked with its passphrase.

/** A new owner and a published form of these fields (positions in the order given). */
export async function ownerWithPublishedForm(
  browser: Browser,
  form: { title: string; fields: Record<string, unknown>[]; submitText: string },
): Promise<{ owner: TestUser; formId: number }> {
  const page = await browser.newPage();
  const owner = await registerAndLogin(page);
  const res = await page.request.post('/api/forms', {
    headers: authHeaders(owner),
    data: {
      title: form.title,
      fields: form.fields.map((f, position) => ({ position, ...f })),
      submit_button_text: form.submitText,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const formId = (await res.json()).id as number;
  const publish = await page.request.post(`/api/forms/${formId}/publish`, { headers: authHeaders(owner) });
  expect(publish.ok(), await publish.text()).toBe(true);
  await page.close();
  return { owner, formId };
}

/**
 * Starts the page signed in as the user (the token in localStorage before any script runs), for
 * `validForMs` (six days unless told), light or dark when `dark` is given.
 */
export async function signInAs(
  page: Page,
  user: TestUser,
  options: { dark?: boolean; validForMs?: number } = {},
) {
  await page.addInitScript(
    ({ token, expires, dark }) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('token_expiration', String(expires));
      if (dark !== null) localStorage.setItem('darkMode', dark ? 'true' : 'false');
    },
    {
      token: user.token,
      expires: Date.now() + (options.validForMs ?? 6 * 86_400_000),
      dark: options.dark ?? null,
    },
  );
}

/** Unlocks the form's answers with its passphrase (or recovery key) from the bar above them. */
export async function unlockAnswers(page: Page, passphrase: string) {
  const unlock = page.getByRole('form', { name: 'Unlock encrypted answers' });
  await unlock.getByLabel('Passphrase or recovery key').fill(passphrase);
  await unlock.getByRole('button', { name: 'Unlock' }).click();
}
