// A compact, readable form of grammar expansions for hovers: words as written, rule references as `$rule`,
// optional parts in [brackets], repeats as `(…)+` / `(…)*` / `(…){m,n}`, alternatives as `(a | b)`; tags are
// left out (they do not change what is heard).

import type { Expansion, Rule } from '../../formats/grxml/model';

const MAX_TEXT = 120;

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

export function renderExpansion(e: Expansion): string {
  switch (e.kind) {
    case 'token':
      return e.quoted && e.text.includes(' ') ? `"${e.text}"` : e.text;
    case 'tag':
      return '';
    case 'ruleref': {
      const t = e.target;
      if (t.kind === 'local') return `$${t.rule}`;
      if (t.kind === 'special') return `$${t.name}`;
      if (t.kind === 'external') return `$<${t.uri}${t.rule ? `#${t.rule}` : ''}>`;
      return '$?';
    }
    case 'sequence':
      return e.children
        .map(renderExpansion)
        .filter((s) => s !== '')
        .join(' ');
    case 'one-of':
      return `(${e.items
        .map(renderExpansion)
        .filter((s) => s !== '')
        .join(' | ')})`;
    case 'item': {
      const body = renderExpansion(e.body);
      const { min, max } = e.repeat;
      if (min === 1 && max === 1) return body;
      const grouped = e.body.children.filter((c) => c.kind !== 'tag').length === 1 ? body : `(${body})`;
      if (min === 0 && max === 1) return `[${body}]`;
      if (max === null) return `${grouped}${min === 0 ? '*' : min === 1 ? '+' : `{${min},}`}`;
      return min === max ? `${grouped}{${min}}` : `${grouped}{${min},${max}}`;
    }
  }
}

/** The rule's alternatives: the items of its one-of when that is all the rule holds, else the whole body. */
export function ruleAlternatives(rule: Rule, max: number): { shown: string[]; total: number } {
  const meaningful = rule.body.children.filter((c) => c.kind !== 'tag');
  const only = meaningful.length === 1 ? meaningful[0] : undefined;
  if (only?.kind === 'one-of') {
    const all = only.items.map((i) => clip(renderExpansion(i)) || '(nothing)');
    return { shown: all.slice(0, max), total: all.length };
  }
  const whole = clip(renderExpansion(rule.body));
  return { shown: [whole || '(nothing)'], total: 1 };
}
