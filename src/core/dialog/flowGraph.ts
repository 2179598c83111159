// The dialog's flow as a graph to draw: one box per component holding its nodes, and the transitions between
// them (node → node, node → component, intent mappings → their destination). Laid out in columns by depth from
// the components reached first (project intent mappings' targets and Main), so the page needs no script.

import { nodesById, type DialogModel } from './dialogModel';

export interface FlowBox {
  /** Component id. */
  id: string;
  name: string;
  intent: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
  nodes: Array<{ id: string; name: string; kind: string; x: number; y: number; offset: number }>;
  /** Offset of the component in dialog.json (a click opens the JSON there). */
  offset: number;
}

export interface FlowEdge {
  from: { x: number; y: number };
  to: { x: number; y: number };
  /** Within one component, or across components. */
  local: boolean;
}

export interface FlowGraph {
  boxes: FlowBox[];
  edges: FlowEdge[];
  width: number;
  height: number;
}

const BOX_WIDTH = 220;
const ROW = 22;
const HEADER = 28;
const GAP_X = 80;
const GAP_Y = 30;

export function flowGraph(model: DialogModel): FlowGraph {
  const nodes = nodesById(model);
  const componentOf = (id: string): string | undefined =>
    nodes.get(id)?.componentId ?? (model.components.some((c) => c.id === id) ? id : undefined);
  // Depth of each component: breadth first from Main (or the first component) and the mapped components.
  const next = new Map<string, Set<string>>();
  for (const e of model.edges) {
    const from = componentOf(e.from);
    const to = componentOf(e.to);
    if (from && to && from !== to) next.set(from, (next.get(from) ?? new Set()).add(to));
  }
  const depth = new Map<string, number>();
  const roots = model.components.filter((c) => c.name === 'Main').map((c) => c.id);
  if (roots.length === 0 && model.components[0]) roots.push(model.components[0].id);
  const queue = roots.map((id) => ({ id, d: 0 }));
  for (const r of roots) depth.set(r, 0);
  while (queue.length > 0) {
    const { id, d } = queue.shift() as { id: string; d: number };
    for (const to of next.get(id) ?? [])
      if (!depth.has(to)) {
        depth.set(to, d + 1);
        queue.push({ id: to, d: d + 1 });
      }
  }
  let maxDepth = 0;
  for (const d of depth.values()) if (d > maxDepth) maxDepth = d;
  for (const m of model.mappings)
    if (m.nodeId === undefined && m.destination?.kind === 'component' && !depth.has(m.destination.id))
      depth.set(m.destination.id, 1);
  for (const c of model.components) if (!depth.has(c.id)) depth.set(c.id, maxDepth + 1);

  const columns = new Map<number, number>();
  const boxes: FlowBox[] = [];
  const where = new Map<string, { x: number; y: number; right: number }>();
  for (const c of model.components) {
    const d = depth.get(c.id) ?? 0;
    const x = 10 + d * (BOX_WIDTH + GAP_X);
    const y = columns.get(d) ?? 10;
    const height = HEADER + Math.max(1, c.nodes.length) * ROW + 6;
    columns.set(d, y + height + GAP_Y);
    const box: FlowBox = {
      id: c.id,
      name: c.name || c.id,
      intent: c.intentId !== '',
      x,
      y,
      width: BOX_WIDTH,
      height,
      offset: c.range.start,
      nodes: c.nodes.map((n, i) => ({
        id: n.id,
        name: n.name || n.id,
        kind: n.kind,
        x: x + 8,
        y: y + HEADER + i * ROW,
        offset: n.range.start,
      })),
    };
    boxes.push(box);
    where.set(c.id, { x, y: y + HEADER / 2, right: x + BOX_WIDTH });
    for (const n of box.nodes) where.set(n.id, { x: n.x - 8, y: n.y + ROW / 2, right: x + BOX_WIDTH });
  }
  const edges: FlowEdge[] = [];
  const seen = new Set<string>();
  for (const e of model.edges) {
    const a = where.get(e.from);
    const b = where.get(e.to);
    const key = `${e.from}>${e.to}`;
    if (!a || !b || seen.has(key)) continue;
    seen.add(key);
    const local = componentOf(e.from) === componentOf(e.to);
    edges.push(
      local
        ? { from: { x: a.x, y: a.y }, to: { x: b.x, y: b.y }, local }
        : { from: { x: a.right, y: a.y }, to: { x: b.x, y: b.y }, local },
    );
  }
  const width = boxes.reduce((w, b) => Math.max(w, b.x + b.width), 200) + 10;
  const height = boxes.reduce((h, b) => Math.max(h, b.y + b.height), 100) + 10;
  return { boxes, edges, width, height };
}
