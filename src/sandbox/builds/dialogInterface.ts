// Derives a dialog build's configuration interface from the project's dialog.json. The sandbox's
// dialog.json (seedContent.ts) declares `data.variables: [{name, type, description}]` and nodes inside
// `data.components[].nodes[]`; nodes of type `transfer` or `end` hand control back to the caller with
// `requestVariables` / `responseVariables` (variable names); `data.dataHosts: [{alias, defaultValue}]`
// declares data-access endpoints. Anything else in the file is ignored.
import type { ProjectRecord } from '../state';
import type { DataHostDefault, DialogInterface, DialogTransferNode, DialogVariable } from './model';

/** Variable types of dialog.json → the interface's simple types. */
const SIMPLE_TYPES: Record<string, string> = {
  string: 'STRING_TYPE', integer: 'INTEGER_TYPE', decimal: 'DECIMAL_TYPE', boolean: 'BOOLEAN_TYPE', date: 'DATE_TYPE', time: 'TIME_TYPE',
};

interface RawVariable { name?: unknown; type?: unknown; description?: unknown }
interface RawNode { name?: unknown; type?: unknown; description?: unknown; requestVariables?: unknown; responseVariables?: unknown }

export interface DialogAnalysis {
  dialogInterface: DialogInterface;
  dataHostDefaults: DataHostDefault[];
}

/** Throws a message naming the problem when dialog.json is not usable (the build then fails with it). */
export function analyzeDialog(dialogJson: string, project: ProjectRecord, locales: string[]): DialogAnalysis {
  let parsed: unknown;
  try {
    parsed = JSON.parse(dialogJson);
  } catch (err) {
    throw new Error(`dialog.json of project ${project.id} is not valid JSON (${(err as Error).message}); fix it with a package replace.`);
  }
  const data = (parsed as { data?: { variables?: unknown; components?: unknown; dataHosts?: unknown } } | null)?.data ?? {};
  const rawVariables = Array.isArray(data.variables) ? (data.variables as RawVariable[]) : [];
  const variables: DialogVariable[] = rawVariables.filter((v) => typeof v?.name === 'string').map((v) => ({
    id: `variable-${String(v.name)}`,
    displayName: String(v.name),
    description: typeof v.description === 'string' ? v.description : '',
    isReserved: false,
    simpleVariableType: SIMPLE_TYPES[String(v.type)] ?? 'STRING_TYPE',
  }));
  const byName = new Map(variables.map((v) => [v.displayName, v]));
  const pick = (names: unknown, node: string): DialogVariable[] => (Array.isArray(names) ? names : []).map((n) => {
    const v = byName.get(String(n));
    if (!v) throw new Error(`dialog.json of project ${project.id}: node "${node}" uses variable "${String(n)}", which data.variables does not declare.`);
    return v;
  });
  const components = Array.isArray(data.components) ? (data.components as Array<{ nodes?: unknown }>) : [];
  const transferNodes: DialogTransferNode[] = [];
  for (const component of components) {
    for (const node of (Array.isArray(component?.nodes) ? component.nodes : []) as RawNode[]) {
      if (node?.type !== 'transfer' && node?.type !== 'end') continue;
      const name = String(node.name);
      transferNodes.push({
        id: `node-${name}`, nodeName: name, nodeType: node.type === 'transfer' ? 'TRANSFER' : 'END',
        description: typeof node.description === 'string' ? node.description : '',
        requestVariables: pick(node.requestVariables, name), responseVariables: pick(node.responseVariables, name),
      });
    }
  }
  const rawHosts = Array.isArray(data.dataHosts) ? (data.dataHosts as Array<{ alias?: unknown; defaultValue?: unknown }>) : [];
  const dataHostDefaults = rawHosts.filter((h) => typeof h?.alias === 'string')
    .map((h) => ({ alias: String(h.alias), defaultValue: typeof h.defaultValue === 'string' ? h.defaultValue : '' }));
  const dialogInterface: DialogInterface = {
    languageTopic: project.languageTopic,
    locales,
    channels: project.channels.filter((c) => c.isActive).map((c) => ({ id: c.id, displayName: c.displayName, codeName: c.codeName, modes: [...c.modes], color: c.color })),
    variables,
    transferNodes,
  };
  return { dialogInterface, dataHostDefaults };
}
