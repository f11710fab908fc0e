import { describe, expect, it } from 'vitest';
import { escapeHtml, mailHtml } from './mail-html.js';

describe('mail HTML part', () => {
  it('says what the text says, escaped, in paragraphs', () => {
    const html = mailHtml({
      text: 'Hello <b>you</b> & "friends".\n\nSecond line one\nline two',
      locale: 'en',
      product: 'Gate<house>',
    });
    expect(html).toContain(
      '<p style="margin:0 0 16px">Hello &lt;b&gt;you&lt;/b&gt; &amp; &quot;friends&quot;.</p>',
    );
    expect(html).toContain('Second line one<br>line two</p>');
    expect(html).toContain('Gate&lt;house&gt;');
    expect(html).not.toContain('<b>');
  });

  it('makes links clickable without taking the sentence’s full stop', () => {
    const html = mailHtml({ text: 'Open https://ex.test/a?b=1&c=2. Then go on.', locale: 'en' });
    expect(html).toContain('<a href="https://ex.test/a?b=1&amp;c=2" ');
    expect(html).toContain('>https://ex.test/a?b=1&amp;c=2</a>. Then');
  });

  it('does not turn a script URL or markup in a link into HTML', () => {
    const html = mailHtml({ text: 'javascript:alert(1) https://x.test/"><script>', locale: 'en' });
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/href="javascript/);
    expect(html).toContain('href="https://x.test/"');
  });

  it('sets the code large and mirrors right-to-left locales', () => {
    const html = mailHtml({ text: 'رمزك هو: 123456', locale: 'ar-SA', code: '123456' });
    expect(html).toContain('<html lang="ar-SA" dir="rtl">');
    expect(html).toContain('text-align:right');
    expect(html).toMatch(/<strong style="font-size:24px[^"]*">123456<\/strong>/);
  });

  it('escapes every markup character', () => {
    expect(escapeHtml(`<a href='x'>&"`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&quot;');
  });
});
