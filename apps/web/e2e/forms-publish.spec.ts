import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

test('an owner publishes a form with a slug and an access code, copies its link, QR code and embed code', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Team offsite' });
  const slug = `offsite-${Date.now().toString(36)}`;

  await page.goto(`/forms/${form.id}/publish`);
  await expect(page.getByRole('heading', { name: 'Publish and share' })).toBeVisible();
  await expect(page.getByText('Publish form to get URL')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'QR code' })).toHaveCount(0);
  // Who may respond and the form's address are settings, set on the Settings page.
  await expect(page.getByRole('link', { name: 'Settings', exact: true }).first()).toBeVisible();

  // Publish: 'Published!' flashes on the card, the page says so for 3 s.
  await page.getByRole('switch', { name: 'Publish form' }).click();
  await expect(page.getByText('Published!')).toBeVisible();
  await expect(page.getByText('Form published successfully!')).toBeVisible();
  await expect(page.getByText('Published!')).toHaveCount(0, { timeout: 3000 });
  await expect(page.getByText('Form published successfully!')).toHaveCount(0, { timeout: 5000 });

  // Sharing: an access code, and a custom address, on the Settings page.
  await page.getByRole('navigation', { name: 'Form pages' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: /Access code/ }).check();
  await page.getByRole('textbox', { name: 'Custom address' }).fill(slug);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Type the access code respondents will need')).toBeVisible();
  await page.getByLabel(/^Access code\*?$/).fill('sesame-42');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Form pages' }).getByRole('link', { name: 'Share' }).click();

  const shareUrl = `http://localhost:${new URL(page.url()).port}/form/${slug}`;
  const link = page.getByRole('textbox', { name: 'Form link' });
  await expect(link).toHaveValue(shareUrl);
  await page.getByRole('button', { name: 'Copy form link' }).click();
  await expect(page.getByRole('button', { name: 'Copy form link' })).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
  await expect(page.getByRole('button', { name: 'Copy form link' })).toHaveText('Copy', { timeout: 4000 });

  // The server now wants the code from respondents.
  expect((await page.request.get(`/api/forms/shared/${slug}`, { headers: {} })).status()).toBe(403);
  const anonymous = await page.request.get(`/api/forms/shared/${slug}?access_code=sesame-42`);
  expect(anonymous.status()).toBe(200);

  // The QR code (downloaded as PNG) decodes to the share URL; an SVG is offered too.
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  expect(png.suggestedFilename()).toBe(`form-${form.id}-qr.png`);
  const image = PNG.sync.read(readFileSync((await png.path())!));
  const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  expect(decoded?.data).toBe(shareUrl);
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download SVG' }).click(),
  ]);
  expect(svg.suggestedFilename()).toBe(`form-${form.id}-qr.svg`);
  expect(readFileSync((await svg.path())!, 'utf8')).toContain('<svg');

  // Embed code: the iframe to /form/<slug>/embed, and the auto-resizing script.
  await page.getByRole('button', { name: 'Copy iframe code' }).click();
  await expect(page.getByText('Embed code copied to clipboard!')).toBeVisible();
  const origin = new URL(shareUrl).origin;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `<iframe src="${origin}/form/${slug}/embed" width="100%" height="500" frameborder="0" style="border:none"></iframe>`,
  );
  await expect(page.getByText('Embed code copied to clipboard!')).toHaveCount(0, { timeout: 4000 });
  await page.getByRole('button', { name: 'Copy auto-resizing script code' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `<div data-formsmith-form="${slug}"></div><script src="${origin}/embed.js" async></script>`,
  );
  await expectNoAxeViolations(page);

  // Unpublish.
  await page.getByRole('switch', { name: 'Publish form' }).click();
  await expect(page.getByText('Unpublished!')).toBeVisible();
  await expect(page.getByText('Form unpublished successfully!')).toBeVisible();
  await expect(page.getByText('Publish form to get URL')).toBeVisible();
  const stored = await (
    await page.request.get(`/api/forms/${form.id}`, { headers: authHeaders(user) })
  ).json();
  expect(stored).toMatchObject({
    is_published: false,
    sharing: { slug, access_restriction: 'password', has_access_code: true },
  });
});
