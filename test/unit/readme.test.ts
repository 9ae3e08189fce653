import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { markdownBlocks } from '../support/markdown-commands';

/**
 * The README fits on two screens and says each thing once; the screenshot gallery and every relative link in the
 * README and docs/ lead to a file that exists. (That each command it tells is run: test/integration/readme-commands.)
 */

const root = join(__dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** Relative link targets (images too) of a Markdown file, resolved against its folder, without their #fragment. */
function relativeLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z]+:|^#/i.test(target))
    .map((target) => resolve(dirname(file), target.split('#')[0]!));
}

describe('the README', () => {
  it('is at most 150 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  it('has no paragraph, list, table or code block twice', () => {
    const blocks = markdownBlocks(readme);
    expect(blocks.filter((block, i) => blocks.indexOf(block) !== i)).toEqual([]);
  });
});

describe('docs/gallery.md', () => {
  it('shows every screenshot from a file that exists', () => {
    const images = relativeLinks(join(root, 'docs', 'gallery.md')).filter((target) => target.endsWith('.png'));
    expect(images.length).toBeGreaterThanOrEqual(60);
    expect(images.filter((image) => !existsSync(image))).toEqual([]);
  });
});

describe('links in the README and docs/', () => {
  it('lead to files that exist', () => {
    const files = [join(root, 'README.md'), ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join(root, 'docs', name))];
    const broken = files.flatMap((file) => relativeLinks(file).filter((target) => !existsSync(target)).map((target) => `${file} → ${target}`));
    expect(broken).toEqual([]);
  });
});
