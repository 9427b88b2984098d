import { describe, expect, it } from 'vitest';
import { renderIndexHtml } from './web.routes.ts';

describe('renderIndexHtml', () => {
  const page = '<head><meta name="redirect-allowlist" content="" /></head>';

  it('writes the allow-listed origins into the meta tag', () => {
    expect(renderIndexHtml(page, ['https://a.example', 'https://b.example'])).toBe(
      '<head><meta name="redirect-allowlist" content="https://a.example,https://b.example" /></head>',
    );
  });

  it('escapes what could break out of the attribute', () => {
    const out = renderIndexHtml(page, ['https://x.example/"><script>alert(1)</script>']);
    expect(out).not.toContain('<script>');
    expect(out).toContain('content="https://x.example/&quot;>&lt;script>alert(1)&lt;/script>"');
  });

  it('leaves a page without the tag unchanged', () => {
    expect(renderIndexHtml('<head></head>', ['https://a.example'])).toBe('<head></head>');
  });
});
