// Live diagnostics: after a quiet time (debounced) the changed documents and the open files of their projects are
// validated over the same parsed documents the other services use, and published with the version they belong to.
// The server is one thread, so a result can never describe a text the client has moved past.
import type { Connection } from 'vscode-languageserver';
import type { Logger } from '../../logger';
import { DiagnosticsEngine } from '../diagnosticsEngine';
import type { FileSystem } from '../fileSystem';
import type { LanguageServices } from '../languageServices';
import type { GrammarChecks } from '../project/projectDiagnostics';
import { DocumentPositions, toLspDiagnostic, type OpenTexts } from './conversions';
import { DiagnosticsPublishedNotification } from '../protocol';
import type { UriBook } from './documentUris';

/** Quiet times a pending validation may be pushed back by requests, one after the other. */
const MAX_DEFERRALS = 8;

export class DiagnosticsScheduler {
  /** Quiet time after an edit before diagnostics are recomputed (the `cstudio.language.diagnosticsDelayMs` setting). */
  delayMs = 250;
  private readonly engine: DiagnosticsEngine;
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private requestSeen = false;
  private deferrals = 0;

  constructor(
    private readonly connection: Connection,
    private readonly services: LanguageServices,
    private readonly texts: OpenTexts,
    fs: FileSystem,
    private readonly uris: UriBook,
    private readonly logger: Logger,
  ) {
    this.engine = new DiagnosticsEngine(fs, services.context);
  }

  /** The engine's grammar validation (the grammar tester reuses its cached verdicts). */
  get grammarChecks(): GrammarChecks {
    return this.engine.grammarChecks;
  }

  setRoots(roots: readonly string[]): void {
    this.engine.setRoots(roots);
  }

  schedule(id: string): void {
    this.pending.add(id);
    this.deferrals = 0;
    this.arm();
  }

  /**
   * A request was served: the quiet time starts again when it is done. A validation of a large file holds the
   * server's one thread for seconds, and its timer would otherwise fire right after a slow request, before the
   * keystrokes and requests queued behind it (a full validation of half-typed markup made completion p95 ~2.9 s
   * in bench/language). Bounded, so a client that never stops asking still gets its diagnostics.
   */
  requestServed(): void {
    if (this.timer !== undefined) this.requestSeen = true;
  }

  private arm(): void {
    clearTimeout(this.timer);
    this.requestSeen = false;
    this.timer = setTimeout(() => {
      if (this.requestSeen && this.deferrals < MAX_DEFERRALS) {
        this.deferrals++;
        this.arm();
        return;
      }
      this.timer = undefined;
      this.flush();
    }, this.delayMs);
  }

  scheduleAll(): void {
    for (const doc of this.services.documents.all()) this.schedule(doc.id);
  }

  closed(id: string, uri: string): void {
    this.pending.delete(id);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  private flush(): void {
    const ids = new Set<string>();
    for (const id of this.pending) {
      ids.add(id);
      for (const sibling of this.engine.projectSiblings(id)) ids.add(sibling);
    }
    this.pending.clear();
    for (const id of ids) {
      const text = this.texts.get(id);
      if (!text || !this.services.documents.get(id)) continue;
      let result;
      try {
        result = this.engine.diagnostics(id);
      } catch (e) {
        this.logger.error(`diagnostics of ${id} could not be computed`, e);
        continue;
      }
      if (!result) continue;
      const at = new DocumentPositions(text);
      void this.connection.sendDiagnostics({
        uri: this.uris.uriOf(id),
        version: result.version,
        diagnostics: result.diagnostics.map((d) => toLspDiagnostic(at, d)),
      });
      // Tells clients that wait on it (tests, benchmarks) whether the TRSX rules were re-checked only for the edit.
      void this.connection.sendNotification(DiagnosticsPublishedNotification, {
        uri: this.uris.uriOf(id),
        version: result.version,
        incremental: result.incremental,
      });
    }
  }
}
