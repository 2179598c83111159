// Export commands share one flow: propose the spec's file name, ask where to save, stream the download into
// the file (a `.part` file first, so a failed download never leaves a truncated file), report where it went.
import type { Download } from '../../../core/platform/download';
import type { FileFilters } from '../../../host/prompter';
import { answered } from '../../../host/prompter';
import type { ExplorerCommandDeps } from '../commandDeps';

export interface ExportRequest {
  readonly title: string;
  readonly defaultName: string;
  readonly filters: FileFilters;
  readonly download: (signal: AbortSignal) => Promise<Download>;
}

export interface ExportResult {
  readonly file: string;
  readonly bytes: number;
}

export async function exportToFile(deps: ExplorerCommandDeps, request: ExportRequest): Promise<ExportResult> {
  const file = await answered(
    deps.prompter.saveFile({ title: request.title, defaultName: request.defaultName, filters: request.filters }),
    request.title,
  );
  const bytes = await deps.prompter.withProgress({ title: request.title }, async (progress, signal) => {
    progress.report({ message: 'downloading…' });
    const download = await request.download(signal);
    return download.toFile(file);
  });
  void deps.prompter.info(`${request.title}: saved ${file} (${bytes} bytes).`);
  return { file, bytes };
}
