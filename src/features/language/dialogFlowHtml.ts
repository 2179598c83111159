// The "Show Dialog Flow" page: the flow graph (core/dialog/flowGraph.ts) as SVG in the one page shape
// (host/webviewPage.ts: strict CSP, no script). Theme colours come from VS Code's variables (media/dialogFlow.css);
// every component and node is a link running the page's one command, which opens dialog.json at that item.
import type { FlowGraph } from '../../core/dialog/flowGraph';
import { CommandIds } from '../../host/commandIds';
import { escapeHtml, webviewPage } from '../../host/webviewPage';

export const FLOW_PAGE_COMMANDS: readonly string[] = [CommandIds.dialogRevealOffset];

const reveal = (uri: string, offset: number): string =>
  `command:${CommandIds.dialogRevealOffset}?${encodeURIComponent(JSON.stringify([uri, offset]))}`;

export function dialogFlowHtml(
  cspSource: string,
  stylesheet: string,
  title: string,
  dialogUri: string,
  graph: FlowGraph,
): string {
  const csp = `default-src 'none'; style-src ${cspSource}`;
  const edges = graph.edges
    .map((e) => {
      const mid = (e.from.x + e.to.x) / 2;
      const d = e.local
        ? `M${e.from.x} ${e.from.y} C${e.from.x - 14} ${e.from.y} ${e.to.x - 14} ${e.to.y} ${e.to.x} ${e.to.y}`
        : `M${e.from.x} ${e.from.y} C${mid} ${e.from.y} ${mid} ${e.to.y} ${e.to.x} ${e.to.y}`;
      return `<path class="edge${e.local ? ' local' : ''}" d="${d}" marker-end="url(#arrow)"/>`;
    })
    .join('\n');
  const boxes = graph.boxes
    .map((b) => {
      const nodes = b.nodes
        .map(
          (n) =>
            `<a href="${escapeHtml(reveal(dialogUri, n.offset))}"><text class="node ${escapeHtml(n.kind)}" x="${n.x}" y="${n.y + 15}">${escapeHtml(n.name)}<title>${escapeHtml(`${n.kind} ${n.name}`)}</title></text></a>`,
        )
        .join('\n');
      return `<g class="component${b.intent ? ' intent' : ''}">
<rect x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" rx="6"/>
<a href="${escapeHtml(reveal(dialogUri, b.offset))}"><text class="name" x="${b.x + 8}" y="${b.y + 19}">${escapeHtml(b.name)}</text></a>
${nodes}
</g>`;
    })
    .join('\n');
  return webviewPage({
    csp,
    stylesheet,
    title,
    body: `<h1>${escapeHtml(title)}</h1>
<p class="facts">${graph.boxes.length} components, ${graph.boxes.reduce((n, b) => n + b.nodes.length, 0)} nodes. Intent components are outlined in the accent colour; click a component or node to open dialog.json there.</p>
<svg class="flow" width="${graph.width}" height="${graph.height}" viewBox="0 0 ${graph.width} ${graph.height}" role="img" aria-label="${escapeHtml(title)}">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path class="arrow" d="M0 0 L10 5 L0 10 z"/></marker></defs>
${edges}
${boxes}
</svg>`,
  });
}
