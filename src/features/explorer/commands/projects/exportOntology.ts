import { ontologyFileName } from '../../../../core/package/fileNames';
import { CommandIds } from '../../../../host/commandIds';
import { resolveProject } from '../../targets';
import { exportToFile, type ExportResult } from '../exportToFile';
import { ExplorerCommand } from '../explorerCommand';

/** Export Ontology…: `<locale>/<locale>.trsx` per locale (grammars too for professional-services users). */
export class ExportOntologyCommand extends ExplorerCommand {
  readonly id = CommandIds.projectExportOntology;

  async execute(arg?: unknown): Promise<ExportResult> {
    const target = await resolveProject(this.deps, arg, 'Export Ontology');
    return exportToFile(this.deps, {
      title: `Export the ontology of "${target.projectName}"`,
      defaultName: ontologyFileName(target.projectId, target.projectName, new Date()),
      filters: { 'Ontology zip': ['zip'] },
      download: (signal) => target.client.ontology.export(target.projectId, { signal }),
    });
  }
}
