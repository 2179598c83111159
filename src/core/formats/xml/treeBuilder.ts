// Where the scanner puts what it reads. `parseXml` builds the positioned tree with `XmlTreeBuilder`; a format
// can read the document in the same single pass with a sink of its own instead, and build only its model
// (GrXML does: see grxml/parse.ts), which saves keeping a whole tree alive on large files.

import type { ScannedElement, ScannedText } from './nodes';
import type { XmlNode } from './tree';

/** Receives every node the scanner keeps (not what the depth limit drops), in document order. */
export interface XmlSink {
  /**
   * `node` is a child of `parent` (undefined: at the top level). `open`: an element whose content follows,
   * ended later by `close` (its offsets are final then); other elements are complete when added.
   */
  add(node: XmlNode, parent: ScannedElement | undefined, open: boolean): void;
  /** The innermost open element is complete: its content has been added and its end is known. */
  close(el: ScannedElement): void;
  /**
   * Whether whitespace-only text directly inside `parent` can be left out (it is then not even sliced from the
   * text); the tree builder keeps it unless `elementOnly` says otherwise. Lossless serialization is unaffected.
   */
  skipsWhitespace?(parent: ScannedElement): boolean;
  /**
   * The sink keeps no reference to an element once `close` (or, for an element complete when added, `add`) has
   * returned, nor to a text node once `add` has returned; it copies what it needs. The scanner then reuses those
   * objects for the nodes that follow: no garbage per node, which is most of the allocation on large files. The
   * root element is never reused.
   */
  readonly transient?: boolean;
}

/**
 * A sink that reads the document as element entries and exits (an element complete on arrival is entered and
 * left at once) and the text inside the root element: what formats that build their model in the scanning pass
 * (GrXML's builder, TRSX's stream reader) implement.
 */
export abstract class ElementSink implements XmlSink {
  add(node: XmlNode, parent: ScannedElement | undefined, open: boolean): void {
    if (node.kind === 'element') {
      this.enter(node as ScannedElement, parent !== undefined);
      if (!open) this.exit();
    } else if (node.kind === 'text' && parent !== undefined) this.addText(node as ScannedText); // the scanner's own nodes
  }

  close(): void {
    this.exit();
  }

  /** `nested`: the element is inside another (false for a top-level element). */
  protected abstract enter(el: ScannedElement, nested: boolean): void;
  /** The innermost entered element is complete. */
  protected abstract exit(): void;
  /** Text directly inside the innermost entered element. */
  protected abstract addText(node: ScannedText): void;
}

/** Builds the tree: parents and children linked, children arrays at their exact size. */
export class XmlTreeBuilder implements XmlSink {
  readonly children: XmlNode[] = [];
  /**
   * Children of the open elements, innermost last; `childStart` says where those of each open element begin.
   * Each element gets an exact-size copy when it closes: growing one array per element by push would leave
   * spare capacity in every one of them (memory and GC time on large files).
   */
  private readonly pending: XmlNode[] = [];
  private readonly childStart: number[] = [];

  add(node: XmlNode, parent: ScannedElement | undefined, open: boolean): void {
    if (parent === undefined) this.children.push(node);
    else {
      node.parent = parent;
      this.pending.push(node);
    }
    if (open) this.childStart.push(this.pending.length);
  }

  close(el: ScannedElement): void {
    const from = this.childStart.pop() as number;
    const pending = this.pending;
    el.children = pending.slice(from);
    // pop() for the few children of most elements: setting length is a slower runtime call.
    if (pending.length - from <= 8) while (pending.length > from) pending.pop();
    else pending.length = from;
  }
}
