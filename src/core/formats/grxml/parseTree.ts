// The parse tree the matcher returns: which rules, items, tokens, tags and special rules matched which input
// words. Positions are word indices into the tokenized input ([start, end)); `range` points at the grammar
// element in its source text. `formatParseTree` renders it for people (the CLI's `grammar test`).

import type { TextRange } from '../diagnostic';

export interface RuleParseNode {
  kind: 'rule';
  rule: string;
  /** Set when the rule lives in another grammar (the reference's uri without the fragment). */
  uri?: string;
  /** The input words this rule matched, joined by one space. */
  text: string;
  start: number;
  end: number;
  children: ParseNode[];
  range: TextRange;
}

export interface ItemParseNode {
  kind: 'item';
  /** The repeat attribute as written, when there is one. */
  repeat?: string;
  /** How many times the item's content matched. */
  repetitions: number;
  /** The weight attribute's value, when the item is a weighted alternative of a one-of. */
  weight?: number;
  start: number;
  end: number;
  children: ParseNode[];
  range: TextRange;
}

export interface TokenParseNode {
  kind: 'token';
  /** The grammar's token. */
  token: string;
  /** The input words it matched (as given, so their case may differ from the token's). */
  words: string[];
  start: number;
  end: number;
  range: TextRange;
}

export interface TagParseNode {
  kind: 'tag';
  text: string;
  /** Input position at which the tag sits. */
  at: number;
  range: TextRange;
}

export interface SpecialParseNode {
  kind: 'special';
  name: 'NULL' | 'GARBAGE';
  words: string[];
  start: number;
  end: number;
  range: TextRange;
}

export type ParseNode = RuleParseNode | ItemParseNode | TokenParseNode | TagParseNode | SpecialParseNode;

/** A lazily concatenated list of parse nodes: concatenation is O(1) while the matcher combines partial parses. */
export type Rope = null | ParseNode | RopeConcat | RopeWrap;

export interface RopeConcat {
  kind: 'concat';
  left: Rope;
  right: Rope;
}

/** Wraps the nodes of `inner` into one node (a rule or an item) when flattened. */
export interface RopeWrap {
  kind: 'wrap';
  inner: Rope;
  make: (children: ParseNode[]) => ParseNode;
}

export function concat(left: Rope, right: Rope): Rope {
  if (left === null) return right;
  if (right === null) return left;
  return { kind: 'concat', left, right };
}

interface CloseWrap {
  kind: 'close';
  wrap: RopeWrap;
}

/** Flattens a rope into its nodes, iteratively (ropes of long inputs are deep). */
export function flattenRope(rope: Rope): ParseNode[] {
  const frames: ParseNode[][] = [[]];
  const work: (Rope | CloseWrap)[] = [rope];
  while (work.length > 0) {
    const w = work.pop() as Rope | CloseWrap;
    if (w === null) continue;
    switch (w.kind) {
      case 'concat':
        work.push(w.right, w.left);
        break;
      case 'wrap':
        frames.push([]);
        work.push({ kind: 'close', wrap: w }, w.inner);
        break;
      case 'close': {
        const children = frames.pop() as ParseNode[];
        (frames[frames.length - 1] as ParseNode[]).push(w.wrap.make(children));
        break;
      }
      default:
        (frames[frames.length - 1] as ParseNode[]).push(w);
    }
  }
  return frames[0] as ParseNode[];
}

/**
 * An indented outline of a parse tree, e.g.
 * ```
 * $answer "nope"
 *   item "nope"
 *     $no "nope"
 *       item "nope"
 *         "nope"
 *       {out="no";}
 * ```
 */
export function formatParseTree(tree: ParseNode): string {
  const lines: string[] = [];
  const stack: { node: ParseNode; depth: number }[] = [{ node: tree, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: ParseNode; depth: number };
    lines.push('  '.repeat(depth) + describe(node));
    if (node.kind === 'rule' || node.kind === 'item') {
      for (let i = node.children.length - 1; i >= 0; i--)
        stack.push({ node: node.children[i] as ParseNode, depth: depth + 1 });
    }
  }
  return lines.join('\n');
}

function describe(node: ParseNode): string {
  switch (node.kind) {
    case 'rule':
      return `$${node.rule}${node.uri ? ` <${node.uri}>` : ''} ${JSON.stringify(node.text)}`;
    case 'item': {
      const parts = ['item'];
      if (node.repeat !== undefined) parts.push(`repeat=${node.repeat} (matched ${node.repetitions}×)`);
      if (node.weight !== undefined) parts.push(`weight=${node.weight}`);
      return parts.join(' ');
    }
    case 'token': {
      const heard = node.words.join(' ');
      return heard === node.token
        ? JSON.stringify(node.token)
        : `${JSON.stringify(node.token)} (heard ${JSON.stringify(heard)})`;
    }
    case 'tag': {
      const text = node.text.replace(/\s+/g, ' ').trim();
      return `{${text.length > 70 ? `${text.slice(0, 67)}...` : text}}`;
    }
    case 'special':
      return node.name === 'NULL' ? '$NULL' : `$GARBAGE ${JSON.stringify(node.words.join(' '))}`;
  }
}
