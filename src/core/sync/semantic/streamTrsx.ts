// Reading a TRSX file for sync without keeping its XML tree: the scanner hands each `<sample>` to us as soon
// as it closes, we turn it into a model object (or straight into a diff item) and drop its elements; only
// the small rest of the tree (header, ontology, dictionaries) is built and read at the end. Large files are
// samples, so this is what keeps a comparison of a big locale file within a few times its size.
import type { Diagnostic } from '../../formats/diagnostic';
import type { TrsxDocument, TrsxSample } from '../../formats/trsx/model';
import { readSampleElements, readTrsx } from '../../formats/trsx/read';
import { ELEMENT_ONLY } from '../../formats/trsx/schema';
import { emptyTrsxIndex } from '../../formats/trsx/source-index';
import type { ScannedElement } from '../../formats/xml/nodes';
import { scanXml } from '../../formats/xml/scanner';
import type { XmlNode } from '../../formats/xml/tree';
import type { XmlSink } from '../../formats/xml/treeBuilder';

/** A tree builder (as XmlTreeBuilder) that gives away each closed `<samples>/<sample>` instead of keeping it. */
class SampleHandoff implements XmlSink {
  readonly children: XmlNode[] = [];
  private readonly pending: XmlNode[] = [];
  private readonly childStart: number[] = [];

  constructor(private readonly onSample: (el: ScannedElement) => void) {}

  add(node: XmlNode, parent: ScannedElement | undefined, open: boolean): void {
    if (parent === undefined) this.children.push(node);
    else {
      node.parent = parent;
      this.pending.push(node);
    }
    if (open) this.childStart.push(this.pending.length);
    else if (node.kind === 'element' && this.isSample(node as ScannedElement)) this.handOff(node as ScannedElement);
  }

  close(el: ScannedElement): void {
    const from = this.childStart.pop() as number;
    el.children = this.pending.slice(from);
    this.pending.length = from;
    if (this.isSample(el)) this.handOff(el);
  }

  private isSample(el: ScannedElement): boolean {
    return el.name === 'sample' && el.parent?.name === 'samples';
  }

  private handOff(el: ScannedElement): void {
    this.onSample(el);
    if (this.pending[this.pending.length - 1] === el) this.pending.pop();
  }
}

export interface StreamedTrsx {
  /** The document without its samples (they went to `onSample`). */
  readonly document: TrsxDocument;
  readonly rootName?: string;
  readonly errors: Diagnostic[];
}

export function streamTrsx(text: string, onSample: (sample: TrsxSample) => void): StreamedTrsx {
  const handoff = new SampleHandoff((el) => {
    const [sample] = readSampleElements([el], emptyTrsxIndex());
    if (sample) onSample(sample);
  });
  const scan = scanXml(text, handoff, { elementOnly: ELEMENT_ONLY });
  const { document } = readTrsx(scan.root);
  return { document, rootName: scan.root?.name, errors: scan.errors };
}
