/**
 * The small part of Markdown an agent's answers use, read into a tree the pane renders as elements: paragraphs,
 * bullet and numbered lists, headings, code blocks; bold, italic, inline code and links. Everything else is text.
 * Nothing here is ever HTML: the agent's content is untrusted, so `<script>` stays the characters it is.
 */

export type MarkdownInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: MarkdownInline[] }
  | { kind: 'emphasis'; children: MarkdownInline[] }
  | { kind: 'code'; text: string }
  /** Only `https:` and `mailto:` targets become links; any other is shown as its text. */
  | { kind: 'link'; href: string; children: MarkdownInline[] };

export type MarkdownBlock =
  | { kind: 'paragraph'; children: MarkdownInline[] }
  | { kind: 'heading'; level: 1 | 2 | 3; children: MarkdownInline[] }
  | { kind: 'list'; ordered: boolean; items: MarkdownInline[][] }
  | { kind: 'code'; text: string };

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;
const HEADING = /^(#{1,6})\s+(.*)$/;
const FENCE = /^\s*```/;

export function parseMarkdown(source: string): MarkdownBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (FENCE.test(line)) {
      endParagraph();
      const code: string[] = [];
      // An unclosed fence (a streaming answer) holds everything after it.
      for (i += 1; i < lines.length && !FENCE.test(lines[i]!); i++) code.push(lines[i]!);
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    const item = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (heading) {
      endParagraph();
      blocks.push({ kind: 'heading', level: Math.min(heading[1]!.length, 3) as 1 | 2 | 3, children: parseInline(heading[2]!) });
    } else if (item) {
      endParagraph();
      const ordered = !BULLET.test(line);
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(parseInline(item[1]!));
      else blocks.push({ kind: 'list', ordered, items: [parseInline(item[1]!)] });
    } else if (line.trim() === '') endParagraph();
    else paragraph.push(line.trim());
  }
  endParagraph();
  return blocks;
}

/** Inline marks, left to right; an opening mark without its closing one is plain text. */
export function parseInline(text: string): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const code = /^`([^`]+)`/.exec(rest);
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest);
    const emphasis = /^([*_])(?=\S)([^*_]*?\S)\1/.exec(rest);
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest);
    if (code) {
      flush();
      out.push({ kind: 'code', text: code[1]! });
      i += code[0].length;
    } else if (strong) {
      flush();
      out.push({ kind: 'strong', children: parseInline(strong[2]!) });
      i += strong[0].length;
    } else if (emphasis) {
      flush();
      out.push({ kind: 'emphasis', children: parseInline(emphasis[2]!) });
      i += emphasis[0].length;
    } else if (link) {
      flush();
      const href = safeHref(link[2]!);
      const children = parseInline(link[1]!);
      if (href) out.push({ kind: 'link', href, children });
      else for (const child of children) out.push(child);
      i += link[0].length;
    } else {
      plain += text[i];
      i += 1;
    }
  }
  flush();
  return out;
}

/** `https:` and `mailto:` only: a `javascript:` or `data:` link from an answer must never be followed. */
export function safeHref(target: string): string | null {
  try {
    const url = new URL(target);
    return url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : null;
  } catch {
    return null;
  }
}
