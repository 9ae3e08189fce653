/**
 * The README read as a newcomer reads it: its blocks (paragraphs, lists, tables, fenced code) and the shell commands
 * it tells them to run, from its shell code blocks and from inline code in its prose that starts with `npm`, `npx` or
 * `node`.
 */

const FENCE = /^```(\w*)\n([\s\S]*?)^```$/gm;
const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell', 'console', '']);
const COMMAND_START = /^(npm|npx|node) /;

/** The blocks of a Markdown text, each with its whitespace collapsed: fenced code whole, the rest split at blank lines. */
export function markdownBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let rest = markdown;
  for (const fence of markdown.matchAll(FENCE)) {
    blocks.push(fence[0]);
    rest = rest.replace(fence[0], '\n\n');
  }
  for (const block of rest.split(/\n\s*\n/)) if (block.trim()) blocks.push(block);
  return blocks.map((block) => block.replace(/\s+/g, ' ').trim());
}

/** Each command once: `a && b` is two, a line continued with `\` is one, comments and blank lines are none. */
export function shellCommands(markdown: string): string[] {
  const commands = new Set<string>();
  const add = (line: string) => {
    for (const part of line.split('&&')) if (part.trim()) commands.add(part.trim().replace(/\s+/g, ' '));
  };
  for (const [, language, body] of markdown.matchAll(FENCE)) {
    if (!SHELL_LANGUAGES.has(language!)) continue;
    for (const line of body!.replace(/\\\n/g, ' ').split('\n')) if (line.trim() && !line.trim().startsWith('#')) add(line);
  }
  const prose = markdown.replace(FENCE, '');
  for (const [, code] of prose.matchAll(/`([^`\n]+)`/g)) if (COMMAND_START.test(code!)) add(code!);
  return [...commands];
}
