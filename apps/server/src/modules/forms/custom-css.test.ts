import { describe, expect, it } from 'vitest';
import { checkCustomCss } from './custom-css.ts';

const messages = (css: string, hosts?: string[]) => checkCustomCss(css, hosts).problems.map((p) => p.message);

describe('custom CSS', () => {
  it('keeps ordinary rules, media queries, animations and fonts, and drops comments', () => {
    const source = [
      '/* brand */',
      '.fs-card { box-shadow: 0 0 0 4px #ffd400; }',
      '@media (max-width: 600px) { h1 { font-size: 1.5rem; } }',
      '@keyframes pop { from { opacity: 0 } to { opacity: 1 } }',
      "@font-face { font-family: Brand; src: url('/fonts/brand.woff2') format('woff2'); }",
    ].join('\n');
    const { css, problems } = checkCustomCss(source);
    expect(problems).toEqual([]);
    expect(css).toContain('.fs-card { box-shadow: 0 0 0 4px #ffd400; }');
    expect(css).toContain('@media (max-width: 600px)');
    expect(css).toContain('from { opacity: 0 }');
    expect(css).not.toContain('brand */');
  });

  it('draws rules for html, body and :root on the form page itself', () => {
    const { css } = checkCustomCss('body { background: #fafafa } :root, .x { color: red }');
    expect(css).toContain(':scope { background: #fafafa }');
    expect(css).toContain(':scope, .x { color: red }');
  });

  it('refuses @import and other at-rules that reach outside the page, by line', () => {
    const result = checkCustomCss(
      '.a { color: red }\n@import url("https://evil.example/x.css");\n@namespace svg url(x);',
    );
    expect(result.css).toBe('');
    expect(result.problems).toEqual([
      { line: 2, message: '@import is not allowed in custom CSS.' },
      { line: 3, message: '@namespace is not allowed in custom CSS.' },
    ]);
  });

  it('loads images only from this site, inline data, or a host the owner allowed', () => {
    expect(messages('.a { background: url(/uploads/a.png) }')).toEqual([]);
    expect(messages('.a { background: url("data:image/png;base64,iVBORw0KGgo=") }')).toEqual([]);
    expect(messages('.a { background: url(https://cdn.example.com/a.png) }')).toEqual([
      "url(https://cdn.example.com/a.png) loads from cdn.example.com: add the host to the theme's allowed image hosts to use it (fonts load only from this site).",
    ]);
    expect(messages('.a { background: url(https://cdn.example.com/a.png) }', ['cdn.example.com'])).toEqual(
      [],
    );
    expect(messages('.a { background: url(//cdn.example.com/a.png) }')[0]).toMatch(/is not allowed/);
    expect(messages('.a { background: url(http://cdn.example.com/a.png) }', ['cdn.example.com'])[0]).toMatch(
      /is not allowed/,
    );
    expect(
      messages("@font-face { font-family: B; src: url('https://cdn.example.com/b.woff2') }", [
        'cdn.example.com',
      ])[0],
    ).toMatch(/fonts load only from this site/);
    expect(messages('.a { background: image-set("https://x.example/a.png" 1x) }')).toEqual([
      'background: use url() to name an image or font.',
    ]);
  });

  it('refuses what runs script, escapes that could hide it, and fixed boxes over the notices', () => {
    expect(messages('.a { width: expression(alert(1)) }')[0]).toMatch(/can run script/);
    expect(messages('.a { behavior: url(x.htc) }')[0]).toMatch(/can run script/);
    expect(messages('.a { -moz-binding: url(x.xml#y) }')[0]).toMatch(/can run script/);
    expect(messages('.a { background: u\\72l(https://evil.example/) }')).toEqual([
      'Escapes (\\) are not allowed in custom CSS.',
    ]);
    expect(messages('* { outline: none }')[0]).toMatch(/focus outlines stay/);
    expect(messages('.a:focus-visible { outline-color: #fff }')[0]).toMatch(/focus outlines stay/);
    expect(messages('.a { outline: 0 }')[0]).toMatch(/focus outlines stay/);
    expect(messages('.a { outline: 3px dashed #111 }')).toEqual([]);
    expect(messages('.a { position: fixed; inset: 0 }')).toEqual([
      'position: fixed is not allowed: it could cover the notices around the form.',
    ]);
  });

  it('cannot close the style element it is drawn in', () => {
    const { css, problems } = checkCustomCss('.a::after { content: "</style><script>alert(1)</script>" }');
    expect(problems).toEqual([]);
    expect(css).not.toContain('<');
    expect(css).toContain('\\3c /style>');
  });

  it('cannot close the scope it is drawn in with a stray brace', () => {
    const result = checkCustomCss('.a { color: red } } body { display: none }');
    expect(result.css).toBe('');
    expect(result.problems[0]?.message).toMatch(/does not parse/);
  });

  it('treats blank CSS as none', () => {
    expect(checkCustomCss('  \n ')).toEqual({ css: '', problems: [] });
  });
});
