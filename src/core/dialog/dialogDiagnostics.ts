// The checks of a dialog.json against itself and against the project's TRSX files: the one rule set behind the
// language server's diagnostics and `cstudio validate DIR`. The codes (DLG…) are in dialogCodes.json; they are
// stable: never renumber or reuse one.

import { codeTable, tableDiagnostic } from '../formats/codeTable';
import type { Diagnostic, TextRange } from '../formats/diagnostic';
import { isPredefinedConcept } from '../formats/trsx/predefined';
import catalog from './dialogCodes.json';
import { nodesById, variableIds, type DialogModel, type DialogRefKind } from './dialogModel';
import { entityValues, isPlatformIntent, type NluNames } from './nluNames';

export const DIALOG_CODES = codeTable('core/dialog/dialogCodes.json', catalog);

export type DialogCode = keyof typeof DIALOG_CODES;

export function dialogDiagnostic(code: DialogCode, message: string, range: TextRange): Diagnostic {
  return tableDiagnostic(DIALOG_CODES, code, message, range);
}

const RENAME_HINT = 'rename in both files with F2 or `cstudio rename`';

/** `nlu`: the project's TRSX names, undefined when the project has no TRSX (the cross-file rules are skipped). */
export function dialogDiagnostics(model: DialogModel, nlu: NluNames | undefined): Diagnostic[] {
  const out: Diagnostic[] = [];
  const intents = new Map(model.intents.map((i) => [i.id, i]));
  const concepts = new Map(model.concepts.map((c) => [c.id, c]));
  const components = new Set(model.components.map((c) => c.id));
  const nodes = nodesById(model);
  const variables = variableIds(model);

  const reached = new Set<string>();
  for (const m of model.mappings) {
    reached.add(m.intentId);
    const problems: string[] = [];
    const intent = intents.get(m.intentId);
    if (!intent) problems.push(`intent ${m.intentId} (not in the dialog's ontology)`);
    const d = m.destination;
    if (
      d &&
      !d.id.includes('invalid reference id') &&
      !(d.kind === 'component' ? components.has(d.id) : nodes.has(d.id))
    ) {
      problems.push(`${d.kind} ${d.id} (no such ${d.kind})`);
    }
    if (problems.length > 0) {
      const what = intent ? `The mapping of intent '${intent.name}'` : 'An intent mapping';
      out.push(
        dialogDiagnostic(
          'DLG001',
          `${what} names ${problems.join(' and ')}; remap it in the dialog designer or delete the mapping.`,
          problems.length === 1 && intent && d ? d.range : m.intentRange,
        ),
      );
    }
  }
  for (const r of model.invalidReferences) {
    out.push(
      dialogDiagnostic(
        'DLG004',
        `'${r.text}': the platform lost what this pointed at; point it at a component or node again.`,
        r.range,
      ),
    );
  }
  // References by id: what each kind must name, the code when it names nothing, and what it should have named.
  const idTargets: Partial<Record<DialogRefKind, { ids: { has(id: string): boolean }; code: DialogCode; no: string }>> =
    {
      componentId: { ids: components, code: 'DLG002', no: 'No component' },
      nodeId: { ids: nodes, code: 'DLG003', no: 'No node' },
      variableId: { ids: variables, code: 'DLG008', no: 'No variable' },
      conceptId: { ids: concepts, code: 'DLG009', no: "No entity of the dialog's ontology" },
      intentId: { ids: intents, code: 'DLG012', no: "No intent of the dialog's ontology" },
    };
  const mappingRoles = new Set(['mapping', 'mapping destination']);
  for (const r of model.references) {
    if (mappingRoles.has(r.role)) continue; // judged with their mapping above
    const target = idTargets[r.kind];
    if (target && !target.ids.has(r.value))
      out.push(dialogDiagnostic(target.code, `${target.no} has id ${r.value} (${r.role}).`, r.range));
  }
  if (!nlu) return out;

  // Cross-file: names the dialog writes that the TRSX no longer has (a rename made in the TRSX only). The new
  // name is likely one the TRSX has and the dialog's ontology does not.
  const newIntents = [...nlu.intents].filter((n) => !model.intents.some((i) => i.name === n));
  const newEntities = [...nlu.entities.keys()].filter((n) => !model.concepts.some((c) => c.name === n));
  // Per kind of name: whether the TRSX (or the platform) has it, the dialog's own declarations (a built-in one is
  // the platform's), the code, and the TRSX's candidates for a rename.
  const nameTargets = {
    intentName: {
      known: (name: string) => nlu.intents.has(name) || isPlatformIntent(name),
      declared: intents,
      code: 'DLG010',
      what: 'Intent',
      candidates: newIntents,
    },
    conceptName: {
      known: (name: string) => nlu.entities.has(name) || isPredefinedConcept(name),
      declared: concepts,
      code: 'DLG011',
      what: 'Entity',
      candidates: newEntities,
    },
  } as const;
  for (const r of model.references) {
    const target = r.kind === 'intentName' || r.kind === 'conceptName' ? nameTargets[r.kind] : undefined;
    if (target && !target.known(r.value) && !target.declared.get(r.conceptId ?? '')?.builtIn) {
      out.push(
        dialogDiagnostic(
          target.code,
          `${target.what} '${r.value}' (${r.role}) is not in the TRSX: renamed or deleted there only? ${suggest(target.candidates)}Keep both files in step: ${RENAME_HINT}.`,
          r.range,
        ),
      );
    }
  }
  // Entity values: clickables, branches, DTMF mappings, command overrides, global commands, conditions.
  const judged = new Map<string, ReturnType<typeof entityValues> | undefined>();
  for (const r of model.references) {
    if (r.kind !== 'entityValue' || !r.conceptId) continue;
    let values = judged.get(r.conceptId);
    if (!judged.has(r.conceptId)) {
      const name = concepts.get(r.conceptId)?.name;
      values = name === undefined ? undefined : entityValues(nlu, name);
      judged.set(r.conceptId, values);
    }
    if (!values?.judged || values.values.has(r.value)) continue;
    const entity = concepts.get(r.conceptId)?.name ?? r.conceptId;
    const listed = [...values.values]
      .slice(0, 8)
      .map((v) => `'${v}'`)
      .join(', ');
    if (values.dynamic) {
      out.push(
        dialogDiagnostic(
          'DLG007',
          `'${r.value}' (${r.role}) is not among the listed values of dynamic entity '${entity}'; fine if the run-time list has it.`,
          r.range,
        ),
      );
    } else {
      out.push(
        dialogDiagnostic(
          'DLG006',
          `'${r.value}' (${r.role}) is not a value of entity '${entity}'${listed ? ` (values: ${listed}${values.values.size > 8 ? ', …' : ''})` : ''}.`,
          r.range,
        ),
      );
    }
  }
  // TRSX intents that no mapping reaches.
  const byName = new Map(model.intents.map((i) => [i.name, i]));
  for (const name of [...nlu.intents].sort()) {
    if (isPlatformIntent(name)) continue;
    const intent = byName.get(name);
    if (intent && reached.has(intent.id)) continue;
    const where = intent ? intent.nameRange : model.mappingsKeyRange;
    out.push(
      dialogDiagnostic(
        'DLG005',
        `Intent '${name}' of the TRSX has no intent mapping${intent ? '' : " (and is not in the dialog's ontology yet)"}: no component handles it.`,
        where,
      ),
    );
  }
  return out.sort((a, b) => a.range.start - b.range.start || a.code.localeCompare(b.code));
}

function suggest(candidates: readonly string[]): string {
  if (candidates.length === 0 || candidates.length > 3) return '';
  return `The TRSX has ${candidates.map((c) => `'${c}'`).join(', ')}, which the dialog does not name. `;
}
