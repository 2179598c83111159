// Derives a dialog build's configuration interface from the project's dialog.json, read by core/dialog's one
// reader (the platform's real export schema, docs/platform-notes.md): the project's variables with their simple
// or complex types, the complex types themselves, the END and ESCALATE nodes (externalactionNode) with the
// variables they take and give back, and the data hosts (`dressAliases`: alias and default URL) that an
// application configuration gives a value per environment (`configs create --project-defaults` takes these).
import { readDialog, type DialogModel, type DialogVariable as ModelVariable } from '../../core/dialog/dialogModel';
import type { ProjectRecord } from '../state';
import type { DataHostDefault, DialogComplexType, DialogInterface, DialogTransferNode, DialogVariable } from './model';

export interface DialogAnalysis {
  dialogInterface: DialogInterface;
  dataHostDefaults: DataHostDefault[];
}

/** ESCALATE hands the conversation to the caller's transfer; END ends it. */
const NODE_TYPES: Readonly<Record<string, DialogTransferNode['nodeType']>> = { ESCALATE: 'TRANSFER', END: 'END' };

function variableOf(v: ModelVariable, reserved: boolean): DialogVariable {
  const out: DialogVariable = {
    id: v.id,
    displayName: v.name,
    description: v.description,
    isReserved: reserved,
    simpleVariableType: v.simpleType,
  };
  if (v.complexTypeId !== '') out.complexVariableTypeId = v.complexTypeId;
  return out;
}

/** Throws a message naming the problem when dialog.json is not usable (the build then fails with it). */
export function analyzeDialog(dialogJson: string, project: ProjectRecord, locales: string[]): DialogAnalysis {
  let model: DialogModel;
  try {
    // A project whose dialog was never designed (created through the API, or data folders from before the real
    // schema) holds `{}`: it builds as a dialog with nothing in it, as it did before the reader.
    model = readDialog(/^\s*(\{\s*\})?\s*$/.test(dialogJson) ? '{"data":{}}' : dialogJson);
  } catch (err) {
    throw new Error(
      `dialog.json of project ${project.id} cannot be read (${(err as Error).message}); fix it with a package replace.`,
    );
  }
  const variables = model.variables.map((v) => variableOf(v, false));
  const byId = new Map(variables.map((v) => [v.id, v]));
  const pick = (ids: readonly string[], node: string): DialogVariable[] =>
    ids.map((id) => {
      const v = byId.get(id);
      if (!v)
        throw new Error(
          `dialog.json of project ${project.id}: node "${node}" uses variable ${id}, which data.variables does not declare.`,
        );
      return v;
    });
  const transferNodes: DialogTransferNode[] = [];
  for (const a of model.externalActions) {
    const nodeType = NODE_TYPES[a.actionType];
    if (!nodeType) continue;
    transferNodes.push({
      id: a.node.id,
      nodeName: a.node.name,
      nodeType,
      description: '',
      requestVariables: pick(a.inputVariableIds, a.node.name),
      responseVariables: pick(a.outputVariableIds, a.node.name),
    });
  }
  const complexVariableTypes: DialogComplexType[] = model.complexTypes.map((t) => ({
    id: t.id,
    name: t.name,
    fields: t.fields.map((f) => variableOf(f, false)),
  }));
  const dataHostDefaults = model.dataHosts
    .filter((h) => h.alias !== '')
    .map((h) => ({ alias: h.alias, defaultValue: h.defaultValue }));
  const dialogInterface: DialogInterface = {
    languageTopic: project.languageTopic,
    locales,
    channels: project.channels
      .filter((c) => c.isActive)
      .map((c) => ({
        id: c.id,
        displayName: c.displayName,
        codeName: c.codeName,
        modes: [...c.modes],
        color: c.color,
      })),
    variables,
    complexVariableTypes,
    transferNodes,
  };
  return { dialogInterface, dataHostDefaults };
}
