// Namespace resolution over the positioned XML tree (the scanner keeps qualified names as written).
// GrXML files declare the SRGS namespace as the default (`xmlns=`) or with a prefix (`xmlns:ns2=`).
// Walkers carry the in-scope bindings down the tree: an element without declarations (nearly all of them)
// shares its parent's bindings, so resolution allocates nothing per element.

import type { XmlElement } from '../xml/tree';

/** Prefix ('' = default namespace) → namespace URI ('' = undeclared). */
export type NamespaceScope = ReadonlyMap<string, string>;

export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

const EMPTY: NamespaceScope = new Map();

/** The bindings in scope at `el`, computed by walking up (for the one element where a walk starts). */
export function scopeAt(el: XmlElement): NamespaceScope {
  const chain: XmlElement[] = [];
  for (let at: XmlElement | undefined = el; at; at = at.parent) chain.push(at);
  let scope = EMPTY;
  for (let i = chain.length - 1; i >= 0; i--) scope = enterElement(scope, chain[i] as XmlElement);
  return scope;
}

/** The bindings inside `el`: the parent's, plus the element's own `xmlns` declarations. */
export function enterElement(parent: NamespaceScope, el: XmlElement): NamespaceScope {
  let own: Map<string, string> | undefined;
  for (const a of el.attributes) {
    if (a.name.charCodeAt(0) !== 0x78 || !a.name.startsWith('xmlns')) continue; // 'x'
    if (a.name === 'xmlns') (own ??= new Map(parent)).set('', a.value);
    else if (a.name.charCodeAt(5) === 0x3a) (own ??= new Map(parent)).set(a.name.slice(6), a.value); // 'xmlns:'
  }
  return own ?? parent;
}

/** Namespace URI of a qualified element name (undefined: no namespace). */
export function namespaceOf(scope: NamespaceScope, qname: string): string | undefined {
  const colon = qname.indexOf(':');
  const prefix = colon === -1 ? '' : qname.slice(0, colon);
  if (prefix === 'xml') return XML_NAMESPACE;
  const ns = scope.get(prefix);
  return ns === undefined || ns === '' ? undefined : ns;
}

export function localName(qname: string): string {
  const colon = qname.indexOf(':');
  return colon === -1 ? qname : qname.slice(colon + 1);
}

/** Attributes with a prefix (xmlns, xmlns:*, xsi:*, vendor extensions) other than `xml:` are not SRGS's. */
export function isForeignAttribute(name: string): boolean {
  if (name === 'xmlns') return true;
  const colon = name.indexOf(':');
  return colon !== -1 && name.slice(0, colon) !== 'xml';
}
