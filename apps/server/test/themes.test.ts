import { publicFormSchema } from '@formsmith/core/forms/form-wire';
import { savedThemeSchema, themeListSchema } from '@formsmith/core/themes/api';
import { builtinTheme } from '@formsmith/core/themes/builtin';
import type { Theme } from '@formsmith/core/themes/theme';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, publishForm, samplePayload } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';

const ocean = builtinTheme('ocean')!.theme;
const withAccent = (theme: Theme, accent: string): Theme => ({
  ...theme,
  colours: { ...theme.colours, accent },
});

describe(`saved themes (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
    stranger = await createTestUser(app);
  });
  afterAll(() => app.close());

  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });
  const saveTheme = async (user: TestUser, name: string, theme: Theme = ocean) => {
    const res = await call(user, 'POST', '/api/themes', { name, theme });
    expect(res.statusCode, res.body).toBe(201);
    return savedThemeSchema.parse(res.json());
  };
  const publicLook = async (formId: number) => {
    const res = await call(null, 'GET', `/api/forms/${formId}`);
    expect(res.statusCode, res.body).toBe(200);
    return publicFormSchema.parse(res.json()).look;
  };

  it('saves, lists, reads, changes and deletes a theme', async () => {
    const user = await createTestUser(app);
    const brand = await saveTheme(user, '  Brand  ');
    expect(brand).toMatchObject({ name: 'Brand', ref: `saved:${brand.id}`, theme: ocean, form_count: 0 });

    const listed = themeListSchema.parse((await call(user, 'GET', '/api/themes')).json());
    expect(listed.themes.map((t) => t.name)).toEqual(['Brand']);
    expect(listed.default_ref).toBe('builtin:formsmith');

    const changed = await call(user, 'PUT', `/api/themes/${brand.id}`, {
      name: 'Brand 2',
      theme: withAccent(ocean, '#1d4ed8'),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Brand 2', theme: { colours: { accent: '#1d4ed8' } } });
    expect((await call(user, 'GET', `/api/themes/${brand.id}`)).json()).toMatchObject({ name: 'Brand 2' });

    expect((await call(user, 'DELETE', `/api/themes/${brand.id}`)).statusCode).toBe(204);
    expect((await call(user, 'GET', `/api/themes/${brand.id}`)).statusCode).toBe(404);
  });

  it('answers a stranger 404 for another owner’s theme, exactly like a missing one', async () => {
    const theme = await saveTheme(owner, 'Private');
    const missing = await call(stranger, 'GET', '/api/themes/999999');
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { name: 'Stolen', theme: ocean }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(stranger, method, `/api/themes/${theme.id}`, payload);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect(themeListSchema.parse((await call(stranger, 'GET', '/api/themes')).json()).themes).toEqual([]);
    // Nor can a stranger make it their default or put it on their form.
    expect((await call(stranger, 'PUT', '/api/themes/default', { ref: theme.ref })).statusCode).toBe(404);
    const res = await call(stranger, 'POST', '/api/forms', {
      title: 'Theirs',
      theme_config: { themeRef: theme.ref },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toHaveProperty(['theme_config.themeRef']);
    expect((await call(owner, 'GET', `/api/themes/${theme.id}`)).json()).toMatchObject({ name: 'Private' });
  });

  it('needs a session', async () => {
    expect((await call(null, 'GET', '/api/themes')).statusCode).toBe(401);
  });

  it('refuses with 422 a theme whose colours fail contrast, naming the pair and its ratio', async () => {
    const unreadable = { ...ocean, colours: { ...ocean.colours, text: '#777777', card: '#ffffff' } };
    const res = await call(owner, 'POST', '/api/themes', { name: 'Grey', theme: unreadable });
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.error).toContain('text on card is 4.47:1, needs 4.5:1');
    expect(body.fields['theme.colours.text']).toBe('text on card is 4.47:1, needs 4.5:1');
    expect(body.problems).toContainEqual(
      expect.objectContaining({ pair: 'text on card', ratio: 4.47, minimum: 4.5, suggestion: '#767676' }),
    );
    // A change to a saved theme is held to the same rule.
    const saved = await saveTheme(owner, 'Fine');
    const put = await call(owner, 'PUT', `/api/themes/${saved.id}`, { name: 'Fine', theme: unreadable });
    expect(put.statusCode).toBe(422);
  });

  it('refuses a malformed theme with 400 and a message, never a 500', async () => {
    for (const theme of [
      {},
      { ...ocean, colours: { ...ocean.colours, text: 'red' } },
      { ...ocean, font: 'comic' },
    ]) {
      const res = await call(owner, 'POST', '/api/themes', { name: 'Bad', theme });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect((await call(owner, 'POST', '/api/themes', { name: '   ', theme: ocean })).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/api/themes/99999999999')).statusCode).toBe(400);
  });

  it('reaches every form that uses a saved theme when it changes, and says how many', async () => {
    const user = await createTestUser(app);
    const theme = await saveTheme(user, 'Shared');
    const forms = [];
    for (const title of ['One', 'Two', 'Three']) {
      const form = await createForm(app, user, { title, theme_config: { themeRef: theme.ref } });
      await publishForm(app, user, form.id);
      forms.push(form);
    }
    await createForm(app, user, { title: 'Other', theme_config: { themeRef: 'builtin:forest' } });
    const listed = themeListSchema.parse((await call(user, 'GET', '/api/themes')).json());
    expect(listed.themes.find((t) => t.id === theme.id)?.form_count).toBe(3);
    expect((await publicLook(forms[0]!.id))?.theme?.colours.accent).toBe(ocean.colours.accent);

    const res = await call(user, 'PUT', `/api/themes/${theme.id}`, {
      name: 'Shared',
      theme: withAccent(ocean, '#1d4ed8'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().form_count).toBe(3);
    for (const form of forms) expect((await publicLook(form.id))?.theme?.colours.accent).toBe('#1d4ed8');

    // Deleted, its forms fall back to the product's theme rather than breaking.
    await call(user, 'DELETE', `/api/themes/${theme.id}`);
    expect((await publicLook(forms[1]!.id))?.theme).toEqual(builtinTheme('formsmith')!.theme);
  });

  it('starts new forms with the owner’s default theme', async () => {
    const user = await createTestUser(app);
    const before = await createForm(app, user, { title: 'Before' });
    expect(before.theme_config).not.toHaveProperty('themeRef');
    const set = await call(user, 'PUT', '/api/themes/default', { ref: 'builtin:paper' });
    expect(set.statusCode, set.body).toBe(200);
    expect(themeListSchema.parse((await call(user, 'GET', '/api/themes')).json()).default_ref).toBe(
      'builtin:paper',
    );
    const after = await createForm(app, user, { title: 'After' });
    expect(after.theme_config).toMatchObject({ themeRef: 'builtin:paper' });
    // A form that names its own theme keeps it.
    const own = await createForm(app, user, { title: 'Own', theme_config: { themeRef: 'builtin:ember' } });
    expect(own.theme_config).toMatchObject({ themeRef: 'builtin:ember' });
    expect((await call(user, 'PUT', '/api/themes/default', { ref: 'builtin:nope' })).statusCode).toBe(404);
    expect((await call(user, 'PUT', '/api/themes/default', { ref: 'rainbow' })).statusCode).toBe(400);
  });

  it('keeps a form to its own workspace’s themes: listed, saved, defaulted and drawn there', async () => {
    const user = await createTestUser(app);
    const team = (await call(user, 'POST', '/api/workspaces', { name: 'Brand team' })).json().id as number;
    const personal = await saveTheme(user, 'Mine');
    const made = await call(user, 'POST', `/api/themes?workspace_id=${team}`, {
      name: 'Team look',
      theme: ocean,
    });
    expect(made.statusCode, made.body).toBe(201);
    const teamTheme = savedThemeSchema.parse(made.json());
    const listOf = async (query: string) =>
      themeListSchema
        .parse((await call(user, 'GET', `/api/themes${query}`)).json())
        .themes.map((t) => t.name);
    expect(await listOf(`?workspace_id=${team}`)).toEqual(['Team look']);
    expect(await listOf('')).toEqual(['Mine', 'Team look']);
    expect((await call(stranger, 'GET', `/api/themes?workspace_id=${team}`)).statusCode).toBe(404);

    // A team form cannot name a personal theme its page would not draw…
    const teamForm = await call(user, 'POST', `/api/forms?workspace_id=${team}`, {
      title: 'Team form',
      fields: [],
      theme_config: { themeRef: personal.ref },
    });
    expect(teamForm.statusCode, teamForm.body).toBe(400);
    expect(teamForm.json().fields).toHaveProperty(['theme_config.themeRef']);
    // …and the owner's personal default is not given to it; the team's own theme is drawn.
    expect((await call(user, 'PUT', '/api/themes/default', { ref: personal.ref })).statusCode).toBe(200);
    const plain = await call(user, 'POST', `/api/forms?workspace_id=${team}`, { title: 'Plain', fields: [] });
    expect(plain.json().theme_config).not.toHaveProperty('themeRef');
    const branded = await call(
      user,
      'POST',
      `/api/forms?workspace_id=${team}`,
      samplePayload({ title: 'Branded', theme_config: { themeRef: teamTheme.ref } }),
    );
    expect(branded.statusCode, branded.body).toBe(201);
    await publishForm(app, user, branded.json().id);
    expect((await publicLook(branded.json().id))?.theme).toMatchObject({ colours: ocean.colours });
  });

  it('draws a form with a theme of its own, and refuses one that fails contrast with 422', async () => {
    const mine = withAccent(ocean, '#7e22ce');
    const form = await createForm(app, owner, { title: 'Own look', theme_config: { customTheme: mine } });
    await publishForm(app, owner, form.id);
    expect((await publicLook(form.id))?.theme).toEqual(mine);

    const pale = withAccent(ocean, '#7dd3fc');
    const res = await call(owner, 'PUT', `/api/forms/${form.id}`, { theme_config: { customTheme: pale } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toContain('button label on accent is');
    const broken = await call(owner, 'PUT', `/api/forms/${form.id}`, {
      theme_config: { customTheme: { font: 'x' } },
    });
    expect(broken.statusCode, broken.body).toBe(400);
  });

  it('keeps a form stored before themes looking as it did: no theme on its page', async () => {
    const form = await createForm(app, owner, {
      title: 'Old',
      theme_config: { theme: 'ocean', primaryColor: '#0055aa' },
    });
    await publishForm(app, owner, form.id);
    expect(await publicLook(form.id)).toEqual({
      theme: null,
      show_powered_by: true,
      footer_text: null,
      privacy_url: null,
      custom_css: null,
    });
  });

  it('gives the page the form’s footer, privacy link and its choice about "Powered by"', async () => {
    const form = await createForm(app, owner, {
      title: 'Branded',
      theme_config: {
        themeRef: 'builtin:clear',
        showPoweredBy: false,
        footerText: 'Acme Ltd, 1 High Street',
        privacyUrl: 'https://acme.test/privacy',
      },
    });
    await publishForm(app, owner, form.id);
    expect(await publicLook(form.id)).toEqual({
      theme: builtinTheme('clear')!.theme,
      show_powered_by: false,
      footer_text: 'Acme Ltd, 1 High Street',
      privacy_url: 'https://acme.test/privacy',
      custom_css: null,
    });
  });

  it('refuses with 422 a saved theme whose custom CSS reaches outside the page, naming each line', async () => {
    const res = await call(owner, 'POST', '/api/themes', {
      name: 'Leaky',
      theme: { ...ocean, customCss: '.a { color: red }\n@import url("https://evil.test/x.css");' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'theme.customCss': 'line 2: @import is not allowed in custom CSS.' },
      problems: [{ line: 2, message: '@import is not allowed in custom CSS.' }],
    });
    const tooLong = await call(owner, 'POST', '/api/themes', {
      name: 'Huge',
      theme: { ...ocean, customCss: `.a{color:red}${' '.repeat(20_001)}` },
    });
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.body).toContain('Keep custom CSS under 20 KB.');
  });

  it('checks custom CSS for the editor: what the page draws, or 422 by line; a session is needed', async () => {
    const ok = await call(owner, 'POST', '/api/themes/custom-css', {
      css: '/* mine */ body { background: url(https://img.acme.test/bg.png) }',
      hosts: ['img.acme.test'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ css: ':scope { background: url(https://img.acme.test/bg.png) }' });
    const refused = await call(owner, 'POST', '/api/themes/custom-css', {
      css: 'body { background: url(https://img.acme.test/bg.png) }',
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().problems[0].message).toMatch(/loads from img\.acme\.test/);
    const badHost = await call(owner, 'POST', '/api/themes/custom-css', {
      css: '.a{}',
      hosts: ['https://x'],
    });
    expect(badHost.statusCode, badHost.body).toBe(400);
    expect((await call(null, 'POST', '/api/themes/custom-css', { css: '.a{}' })).statusCode).toBe(401);
  });

  it('draws a form’s custom CSS checked and apart from its theme; a draft keeps CSS the page refuses', async () => {
    const css = 'body { background: #fafafa }\n.fs-card::after { content: "</style>" }';
    const form = await createForm(app, owner, {
      title: 'Styled',
      theme_config: { customTheme: { ...ocean, customCss: css } },
    });
    await publishForm(app, owner, form.id);
    const look = await publicLook(form.id);
    expect(look?.theme).toEqual(ocean);
    expect(look?.custom_css).toBe(
      ':scope { background: #fafafa }\n.fs-card::after { content: "\\3c /style>" }',
    );

    const leaky = { ...ocean, customCss: '@import "https://evil.test/x.css";' };
    const saved = await call(owner, 'PUT', `/api/forms/${form.id}`, { theme_config: { customTheme: leaky } });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = await call(owner, 'GET', `/api/forms/${form.id}`);
    expect(stored.json().theme_config.customTheme.customCss).toBe(leaky.customCss);
    await publishForm(app, owner, form.id);
    expect((await publicLook(form.id))?.custom_css).toBeNull();
  });
});

describe(`"Powered by" on an instance that turns it off (${dbKind})`, () => {
  it('is hidden on every form whatever the form says', async () => {
    const app = await createTestApp({ env: { SHOW_POWERED_BY: 'false' } });
    try {
      const user = await createTestUser(app);
      const form = await createForm(app, user, { title: 'Quiet', theme_config: { showPoweredBy: true } });
      await publishForm(app, user, form.id);
      const res = await app.inject({ method: 'GET', url: `/api/forms/${form.id}` });
      expect(publicFormSchema.parse(res.json()).look?.show_powered_by).toBe(false);
    } finally {
      await app.close();
    }
  });
});
