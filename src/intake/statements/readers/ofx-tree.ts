/**
 * One tree builder for both OFX dialects. OFX 1.x is SGML whose leaf elements ("<TRNAMT>-12.00")
 * usually have no closing tag while aggregates ("<STMTTRN>…</STMTTRN>") always do; OFX 2.x is XML
 * where every element is closed. Reading the tag stream directly handles both without first
 * rewriting SGML into XML: an element followed by text is a leaf (its optional closing tag is
 * swallowed), an element followed by another tag opens an aggregate that must be closed in order.
 * Anything else — a closing tag that matches nothing, an aggregate left open at the end — means the
 * file is damaged or cut short, and the builder says so instead of guessing.
 */
export interface OfxElement {
  name: string;
  /** Text of a leaf element (entities decoded, trimmed); undefined for an aggregate. */
  value?: string;
  children: OfxElement[];
}

export class OfxSyntaxError extends Error {}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** Parses the body from its <OFX> element on; `text` is the decoded file. */
export function parseOfxTree(text: string): OfxElement {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw new OfxSyntaxError('no <OFX> element');
  const root: OfxElement = { name: '#root', children: [] };
  const stack: OfxElement[] = [root];
  let position = start;
  const length = text.length;

  while (position < length) {
    const open = text.indexOf('<', position);
    if (open < 0) {
      if (text.slice(position).trim() !== '') throw new OfxSyntaxError('text after the last element');
      break;
    }
    if (text.slice(position, open).trim() !== '' && stack.length > 1) {
      throw new OfxSyntaxError(`stray text inside <${stack[stack.length - 1].name}>`);
    }
    if (text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open + 4);
      if (end < 0) throw new OfxSyntaxError('unterminated comment');
      position = end + 3;
      continue;
    }
    if (text[open + 1] === '?' || text[open + 1] === '!') {
      const end = text.indexOf('>', open);
      if (end < 0) throw new OfxSyntaxError('unterminated declaration');
      position = end + 1;
      continue;
    }
    const close = text.indexOf('>', open);
    if (close < 0) throw new OfxSyntaxError('unterminated tag at the end of the file');
    const rawTag = text.slice(open + 1, close).trim();
    position = close + 1;

    if (rawTag.startsWith('/')) {
      const name = rawTag.slice(1).trim().toUpperCase();
      const top = stack[stack.length - 1];
      if (stack.length === 1 || top.name !== name) throw new OfxSyntaxError(`</${name}> does not close <${top.name}>`);
      stack.pop();
      continue;
    }

    const selfClosing = rawTag.endsWith('/');
    const name = (selfClosing ? rawTag.slice(0, -1) : rawTag).trim().split(/\s/)[0].toUpperCase();
    if (!/^[A-Z0-9_.]+$/.test(name)) throw new OfxSyntaxError(`malformed tag <${rawTag.slice(0, 40)}>`);
    const parent = stack[stack.length - 1];
    if (selfClosing) {
      parent.children.push({ name, value: '', children: [] });
      continue;
    }

    const nextTag = text.indexOf('<', position);
    const content = text.slice(position, nextTag < 0 ? length : nextTag);
    if (content.trim() !== '') {
      parent.children.push({ name, value: decodeEntities(content.trim()), children: [] });
      position = nextTag < 0 ? length : nextTag;
      const closing = new RegExp(`^<\\s*/\\s*${name.replace(/\./g, '\\.')}\\s*>`, 'i');
      const match = closing.exec(text.slice(position, position + name.length + 8));
      if (match) position += match[0].length;
      continue;
    }
    // An element whose very next tag closes it is an empty leaf (XML "<MEMO></MEMO>").
    const emptyClose = new RegExp(`^\\s*<\\s*/\\s*${name.replace(/\./g, '\\.')}\\s*>`, 'i').exec(
      text.slice(position, position + name.length + 64),
    );
    if (emptyClose) {
      parent.children.push({ name, value: '', children: [] });
      position += emptyClose[0].length;
      continue;
    }
    const aggregate: OfxElement = { name, children: [] };
    parent.children.push(aggregate);
    stack.push(aggregate);
  }

  if (stack.length > 1) throw new OfxSyntaxError(`<${stack[stack.length - 1].name}> is never closed (file cut short?)`);
  const ofx = root.children.find((child) => child.name === 'OFX');
  if (!ofx) throw new OfxSyntaxError('no <OFX> element');
  return ofx;
}

export function child(element: OfxElement | undefined, name: string): OfxElement | undefined {
  return element?.children.find((candidate) => candidate.name === name);
}

export function childrenNamed(element: OfxElement | undefined, name: string): OfxElement[] {
  return element ? element.children.filter((candidate) => candidate.name === name) : [];
}

/** Value of the leaf at a path of child names, or null. */
export function leaf(element: OfxElement | undefined, ...path: string[]): string | null {
  let current = element;
  for (const name of path) current = child(current, name);
  return current?.value ?? null;
}

/** Every descendant named `name`, in document order. */
export function descendants(element: OfxElement, name: string): OfxElement[] {
  const found: OfxElement[] = [];
  const visit = (node: OfxElement) => {
    for (const candidate of node.children) {
      if (candidate.name === name) found.push(candidate);
      visit(candidate);
    }
  };
  visit(element);
  return found;
}
