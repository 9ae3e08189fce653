import { parseInline, parseMarkdown, safeHref } from '../../src/core/markdown';

describe('the Markdown of agent answers', () => {
  it('reads paragraphs, headings, lists and code blocks', () => {
    const blocks = parseMarkdown('## Revenue\nEurope leads\nwith **$1.2M**.\n\n- Europe\n- Asia\n\n1. first\n2) second\n\n```\nSELECT 1\n```');
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, children: [{ kind: 'text', text: 'Revenue' }] },
      { kind: 'paragraph', children: [{ kind: 'text', text: 'Europe leads with ' }, { kind: 'strong', children: [{ kind: 'text', text: '$1.2M' }] }, { kind: 'text', text: '.' }] },
      { kind: 'list', ordered: false, items: [[{ kind: 'text', text: 'Europe' }], [{ kind: 'text', text: 'Asia' }]] },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'first' }], [{ kind: 'text', text: 'second' }]] },
      { kind: 'code', text: 'SELECT 1' },
    ]);
  });

  it('keeps HTML and script as the characters they are', () => {
    expect(parseMarkdown('<script>alert(1)</script> <b>x</b>')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: '<script>alert(1)</script> <b>x</b>' }] },
    ]);
  });

  it('links only https and mailto targets', () => {
    expect(parseInline('[docs](https://cube.dev/docs)')).toEqual([{ kind: 'link', href: 'https://cube.dev/docs', children: [{ kind: 'text', text: 'docs' }] }]);
    expect(parseInline('[click](javascript:alert(1))')).toEqual([{ kind: 'text', text: 'click' }, { kind: 'text', text: ')' }]);
    expect(safeHref('data:text/html,<script>')).toBeNull();
    expect(safeHref('http://example.com')).toBeNull();
    expect(safeHref('mailto:a@example.com')).toBe('mailto:a@example.com');
  });

  it('reads inline code and emphasis, and leaves an unclosed mark as text', () => {
    expect(parseInline('use `sales.region` *now*')).toEqual([
      { kind: 'text', text: 'use ' }, { kind: 'code', text: 'sales.region' }, { kind: 'text', text: ' ' },
      { kind: 'emphasis', children: [{ kind: 'text', text: 'now' }] },
    ]);
    expect(parseInline('**half an answer')).toEqual([{ kind: 'text', text: '**half an answer' }]);
  });

  it('holds the rest of a streaming answer in an unclosed code block', () => {
    expect(parseMarkdown('Query:\n```\nSELECT')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: 'Query:' }] },
      { kind: 'code', text: 'SELECT' },
    ]);
  });
});
