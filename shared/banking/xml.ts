/**
 * A small XML reader for camt.053: elements with their local names (namespace prefixes dropped),
 * attributes, text and the line each starts on. Enough for a bank statement; DTDs, processing
 * instructions and comments are skipped. Throws on mismatched tags, so a truncated file is refused.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name[0] === '#' ? String.fromCodePoint(name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1))) : (ENTITIES[name] ?? whole),
  );

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

export class XmlError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export function parseXml(text: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '', line: 1 };
  const stack: XmlElement[] = [root];
  const tag = /<(\/?)([\w.:-]+)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<![^>]*>/g;
  let line = 1;
  let last = 0;
  let match: RegExpExecArray | null;
  const advance = (to: number) => {
    for (let i = last; i < to; i++) if (text.charCodeAt(i) === 10) line++;
    last = to;
  };
  while ((match = tag.exec(text))) {
    const between = text.slice(last, match.index);
    if (between.includes('<')) {
      advance(last + between.indexOf('<'));
      throw new XmlError('this is not well-formed XML', line);
    }
    stack.at(-1)!.text += decodeEntities(between);
    advance(match.index);
    if (match[5] !== undefined) stack.at(-1)!.text += match[5];
    if (!match[2]) {
      advance(tag.lastIndex);
      continue;
    }
    const name = localName(match[2]);
    if (match[1]) {
      const open = stack.pop()!;
      if (stack.length === 0 || open.name !== name) throw new XmlError(`</${match[2]}> closes ${open.name === '#document' ? 'nothing' : `<${open.name}>`}`, line);
      open.text = open.text.trim();
    } else {
      const attributes: Record<string, string> = {};
      for (const a of match[3].matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attributes[localName(a[1])] = decodeEntities(a[2] ?? a[3]);
      const element: XmlElement = { name, attributes, children: [], text: '', line };
      stack.at(-1)!.children.push(element);
      if (!match[4]) stack.push(element);
    }
    advance(tag.lastIndex);
  }
  if (stack.length > 1) throw new XmlError(`<${stack.at(-1)!.name}> is never closed (the file is cut short?)`, line);
  return root;
}

/** The first descendant along a path of local names, e.g. `child(ntry, 'Amt')`, `child(tx, 'RltdPties', 'Dbtr', 'Nm')`. */
export function child(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let at = element;
  for (const name of path) at = at?.children.find((c) => c.name === name);
  return at;
}

export const children = (element: XmlElement | undefined, name: string): XmlElement[] => element?.children.filter((c) => c.name === name) ?? [];

/** Every descendant named `name`, in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (e: XmlElement) => e.children.forEach((c) => (c.name === name ? found.push(c) : walk(c)));
  walk(element);
  return found;
}
