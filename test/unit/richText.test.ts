import { sanitizeRichText } from '../../server/richText';

describe('what the editor makes is kept as it is', () => {
  test.each([
    ['paragraphs and line breaks', '<p>One<br />two</p><p>three</p>'],
    ['headings', '<h1>Title</h1><h2>Part</h2><h3>a</h3><h4>b</h4><h5>c</h5><h6>d</h6>'],
    ['marks', '<p><strong>bold</strong> <em>italic</em> <u>underline</u> <s>strike</s> <code>x = 1</code></p>'],
    ['lists', '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol>'],
    ['alignment', '<p style="text-align:center">centred</p><h2 style="text-align:right">right</h2><p style="text-align:justify">j</p>'],
    ['links', '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">web</a> <a target="_blank" rel="noopener noreferrer nofollow" href="mailto:info@example.com">mail</a></p>'],
    ['uploaded and web pictures', '<p><img src="/files/1712345678901-abc.png" alt="cover" width="200" height="100" /><img src="https://cdn.example.com/x.jpg" /></p>'],
    ['quotes, code blocks and rules', '<blockquote><p>quoted</p></blockquote><pre><code>let a = 1;</code></pre><hr />'],
  ])('%s', (_, html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  test('plain text and entities stay text', () => {
    expect(sanitizeRichText('1 < 2 &amp; 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitizeRichText('')).toBe('');
  });
});

describe('hostile input', () => {
  /** A link whose address was dropped. */
  const link = '<a target="_blank" rel="noopener noreferrer nofollow">';
  test.each([
    ['a script', '<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['a script in another case', '<SCRIPT SRC=//evil.example/x.js></SCRIPT><p>x</p>', '<p>x</p>'],
    ['an event handler', '<img src="x.png" onerror="alert(1)" />', '<img src="x.png" />'],
    ['event handlers everywhere', '<p onclick="alert(1)" onmouseover="alert(2)">x</p>', '<p>x</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', `${link}x</a>`],
    [
      'a javascript: link in disguise',
      '<a href="JaVaScRiPt:alert(1)">a</a><a href="java&#x09;script:alert(1)">b</a><a href="&#106;avascript:alert(1)">c</a><a href=" javascript:alert(1)">d</a>',
      `${link}a</a>${link}b</a>${link}c</a>${link}d</a>`,
    ],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', `${link}x</a>`],
    ['a data: picture', '<img src="data:image/png;base64,iVBORw0KGgo=" />', '<img />'],
    ['a javascript: picture', '<img src="javascript:alert(1)" />', '<img />'],
    ['a protocol-relative picture', '<img src="//evil.example/x.png" />', '<img />'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', `${link}x</a>`],
    ['a frame', '<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['an object and an embed', '<object data="x.swf"></object><embed src="x.swf" /><p>x</p>', '<p>x</p>'],
    ['svg with a handler', '<svg onload="alert(1)"><script>alert(2)</script></svg><p>x</p>', '<p>x</p>'],
    ['a style sheet', '<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['styles other than text-align', '<p style="color:red;text-align:center;position:fixed">x</p>', '<p style="text-align:center">x</p>'],
    ['a text-align value that is not one', '<p style="text-align:expression(alert(1))">x</p>', '<p>x</p>'],
    ['style where it is not allowed', '<strong style="text-align:center">x</strong>', '<strong>x</strong>'],
    ['a form', '<form action="https://evil.example"><input name="password" /><button>go</button></form>', 'go'],
    ['meta refresh and base', '<meta http-equiv="refresh" content="0;url=https://evil.example" /><base href="https://evil.example/" /><p>x</p>', '<p>x</p>'],
    ['a link that could reach back (any target, any rel)', '<a href="https://example.com" target="_parent" rel="opener">x</a>', '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['unknown tags keep their text', '<div><span style="color:red">kept</span></div><mark>marked</mark>', 'keptmarked'],
    ['classes and ids', '<p class="x" id="y" data-z="1">x</p>', '<p>x</p>'],
    ['a comment', '<!-- <script>alert(1)</script> --><p>x</p>', '<p>x</p>'],
  ])('%s', (_, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });

  test('markup smuggled through parser tricks comes out as text', () => {
    const cases = [
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<p title="</p><img src=x onerror=alert(1)>">x</p>',
      '<img src=x onerror=alert(1)//',
      '<<script>script>alert(1)<</script>/script>',
      '<svg><style><img src=x onerror=alert(1)></style></svg>',
      '<math><mi><mglyph><style><img src=x onerror=alert(1)>',
    ];
    for (const html of cases) {
      const clean = sanitizeRichText(html);
      // Whatever is left is harmless: no element with a handler, no script element.
      expect(clean).not.toMatch(/<[^>]*\son\w+\s*=/i);
      expect(clean).not.toMatch(/<script/i);
    }
  });

  test('sanitising twice changes nothing more', () => {
    const once = sanitizeRichText('<p style="text-align:left;color:red" onclick="x()">a<script>b</script><a href="javascript:c">d</a></p>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});
