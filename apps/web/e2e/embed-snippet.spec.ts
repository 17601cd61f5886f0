import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from './support/env.ts';
import { registerAndLogin } from './support/login.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

// Another origin than the app's: a site owner's page, served on the next port.
const HOST_PORT = E2E_PORT + 1;

test('the auto-resizing embed snippet, pasted into another site, shows the form at its height', async ({
  page,
}) => {
  const owner = await registerAndLogin(page);
  const form = await createFormViaApi(page, owner, {
    title: 'Embedded feedback',
    fields: [
      { label: 'Name', type: 'text' },
      { label: 'Comments', type: 'textarea' },
      { label: 'Team', type: 'radio', options: ['Red', 'Blue', 'Green', 'Yellow'] },
    ],
  });
  await publishViaApi(page, owner, form.id);

  await page.goto(`/forms/${form.id}/publish`);
  const snippet = await page
    .getByRole('region', { name: 'Auto-resizing script' })
    .locator('code')
    .textContent();
  expect(snippet).toContain('data-formsmith-form');

  const host = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><html lang="en"><head><title>Our site</title></head><body>
      <h1>Tell us what you think</h1>${snippet}<p>Footer of the site</p></body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(HOST_PORT, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${HOST_PORT}/`);
    const frame = page.frameLocator('iframe[title="Form"]');
    await expect(frame.getByLabel('Name')).toBeVisible();
    await expect(frame.getByRole('radio', { name: 'Yellow' })).toBeVisible();
    // embed.js sized the frame to the form's own height, not the 500 px default.
    const iframe = page.locator('iframe[title="Form"]');
    await expect.poll(() => iframe.evaluate((el) => (el as HTMLElement).style.height)).toMatch(/^\d+px$/);
    const frameHeight = await iframe.evaluate((el) => el.getBoundingClientRect().height);
    const contentHeight = await frame
      .locator('#root')
      .evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
    expect(Math.abs(frameHeight - contentHeight)).toBeLessThanOrEqual(1);
    expect(frameHeight).not.toBe(500);
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }
});
