import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { authHeaders, registerAndLogin, type TestUser } from './login.ts';
import { waitForMailLink } from './mail.ts';

/** A team workspace of `owner`'s, made through the API. */
async function createWorkspaceViaApi(page: Page, owner: TestUser, name: string): Promise<number> {
  const made = await page.request.post('/api/workspaces', { headers: authHeaders(owner), data: { name } });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { id: number }).id;
}

/**
 * `member` joins the workspace as `role`: invited by `owner` through the API, the mailed link's
 * token accepted from the member's own page (the invitation's own journey is workspaces.spec.ts).
 */
async function joinViaApi(
  input: { ownerPage: Page; owner: TestUser; memberPage: Page; member: TestUser },
  workspaceId: number,
  role: 'admin' | 'editor' | 'viewer',
): Promise<void> {
  const invited = await input.ownerPage.request.post(`/api/workspaces/${workspaceId}/invitations`, {
    headers: authHeaders(input.owner),
    data: { email: input.member.email, role },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const prefix = `${E2E_BASE_URL}/invitations/`;
  const token = (await waitForMailLink(input.member.email, prefix)).slice(prefix.length);
  const accepted = await input.memberPage.request.post(`/api/invitations/${token}/accept`, {
    headers: authHeaders(input.member),
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/**
 * A team of two: Olivia Owner signed in on `page`, with a workspace `name`, and Mia Member signed
 * in from a browser of her own (`guest`) who joined it as `role`.
 */
export async function teamOfTwo(
  page: Page,
  browser: Browser,
  input: { name: string; role?: 'admin' | 'editor' | 'viewer' },
): Promise<{ owner: TestUser; teamId: number; member: TestUser; other: BrowserContext; guest: Page }> {
  const owner = await registerAndLogin(page, { name: 'Olivia Owner' });
  const teamId = await createWorkspaceViaApi(page, owner, input.name);
  const other = await browser.newContext();
  const guest = await other.newPage();
  const member = await registerAndLogin(guest, { name: 'Mia Member' });
  await joinViaApi({ ownerPage: page, owner, memberPage: guest, member }, teamId, input.role ?? 'editor');
  return { owner, teamId, member, other, guest };
}
