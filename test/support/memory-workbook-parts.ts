import { PartGoneError } from '../../src/ports/errors';
import type { ListedPart, WorkbookPart, WorkbookParts } from '../../src/ports/workbook-parts';

/**
 * The workbook parts port in memory, for unit tests: parts by id in the order added, listed by their root
 * element's namespace (its default `xmlns` or the prefix bound on it), as Excel's `getByNamespace` lists them.
 * Each instance is a workbook of its own (`workbook`). A part longer than `unreadableOver` characters is listed
 * unreadable, as Excel on the web lists one too large to hand over.
 */
export class MemoryWorkbookParts implements WorkbookParts {
  readonly workbook = this;
  readonly parts = new Map<string, string>();
  unreadableOver = Infinity;
  private next = 1;
  /** Every call made, in order, as `method id`. */
  readonly calls: string[] = [];

  async list(namespaceUri: string): Promise<ListedPart[]> {
    this.calls.push(`list ${namespaceUri}`);
    return [...this.parts].filter(([, xml]) => namespaceOf(xml) === namespaceUri).map(([id, xml]) => (
      xml.length > this.unreadableOver ? { id, xml: null, unreadable: `it is longer than ${this.unreadableOver} characters` } : { id, xml }
    ));
  }

  async add(xml: string): Promise<WorkbookPart> {
    const id = `{00000000-0000-0000-0000-${String(this.next++).padStart(12, '0')}}`;
    this.calls.push(`add ${id}`);
    this.parts.set(id, xml);
    return { id, xml };
  }

  async replace(id: string, xml: string): Promise<void> {
    this.calls.push(`replace ${id}`);
    if (!this.parts.has(id)) throw new PartGoneError(id);
    this.parts.set(id, xml);
  }

  async remove(id: string): Promise<void> {
    this.calls.push(`remove ${id}`);
    this.parts.delete(id);
  }
}

function namespaceOf(xml: string): string | null {
  const root = /<([A-Za-z_][\w.-]*:)?[A-Za-z_][\w.-]*((?:\s+[^>]*?)?)\/?>/.exec(xml.replace(/^<\?xml[^>]*\?>/, ''));
  if (!root) return null;
  const prefix = root[1] ? root[1].slice(0, -1) : null;
  const attribute = prefix ? `xmlns:${prefix}` : 'xmlns';
  return new RegExp(`\\s${attribute}\\s*=\\s*["']([^"']*)["']`).exec(root[2] ?? '')?.[1] ?? null;
}
