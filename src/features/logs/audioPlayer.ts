// Plays an utterance in a webview: the WAV goes to a file in the extension's storage, served to the
// webview through `asWebviewUri`, and an `<audio controls>` element plays it. No script runs in the page,
// and the CSP allows nothing but that media and our stylesheet. The file is deleted when another utterance
// replaces it or the panel closes.
import * as vscode from 'vscode';
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Disposable } from '../../host/lifecycle';
import { escapeHtml, webviewPage } from '../../host/webviewPage';

export interface PlayableAudio {
  readonly wav: Buffer;
  readonly urn: string;
  readonly sampleRate: number;
  readonly durationMs: number;
  /** What the utterance was, e.g. the recognized text and the record's time. */
  readonly caption?: string;
}

export interface PlayerView {
  readonly file: string;
  readonly html: string;
}

export function playerHtml(
  webview: Pick<vscode.Webview, 'cspSource'>,
  media: { audio: string; stylesheet: string },
  audio: PlayableAudio,
): string {
  const csp = `default-src 'none'; media-src ${webview.cspSource} blob: data:; style-src ${webview.cspSource}`;
  const facts = `${(audio.durationMs / 1000).toFixed(1)} s · ${audio.sampleRate} Hz · 16-bit mono PCM`;
  return webviewPage({
    csp,
    stylesheet: media.stylesheet,
    title: 'Utterance audio',
    body: `<h1>Utterance audio</h1>
${audio.caption ? `<p class="caption">${escapeHtml(audio.caption)}</p>` : ''}
<audio controls autoplay preload="auto" src="${escapeHtml(media.audio)}"></audio>
<p class="facts">${escapeHtml(facts)}</p>
<p class="urn"><code>${escapeHtml(audio.urn)}</code></p>`,
  });
}

export class AudioPlayer extends Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private file: string | undefined;

  constructor(
    private readonly audioDir: vscode.Uri,
    private readonly mediaDir: vscode.Uri,
  ) {
    super();
    this._register({
      dispose: () => {
        this.panel?.dispose();
        void this.removeFile();
      },
    });
  }

  /** The page shown now, if the player is open (the extension-host tests read it). */
  get view(): PlayerView | undefined {
    return this.panel && this.file ? { file: this.file, html: this.panel.webview.html } : undefined;
  }

  async play(audio: PlayableAudio): Promise<PlayerView> {
    await mkdir(this.audioDir.fsPath, { recursive: true });
    // A new name per play, so the webview never shows a cached copy of an earlier utterance.
    const name = `${createHash('sha256').update(audio.urn).digest('hex').slice(0, 12)}-${Date.now().toString(36)}.wav`;
    const file = join(this.audioDir.fsPath, name);
    await writeFile(file, audio.wav);
    await this.removeFile();
    this.file = file;
    const panel = this.ensurePanel();
    const webview = panel.webview;
    webview.html = playerHtml(
      webview,
      {
        audio: webview.asWebviewUri(vscode.Uri.file(file)).toString(),
        stylesheet: webview.asWebviewUri(vscode.Uri.joinPath(this.mediaDir, 'audioPlayer.css')).toString(),
      },
      audio,
    );
    panel.reveal(vscode.ViewColumn.Beside, true);
    return { file, html: webview.html };
  }

  private ensurePanel(): vscode.WebviewPanel {
    if (this.panel) return this.panel;
    const panel = vscode.window.createWebviewPanel(
      'cstudio.audioPlayer',
      'Utterance Audio',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      {
        enableScripts: false,
        localResourceRoots: [this.audioDir, this.mediaDir],
      },
    );
    panel.onDidDispose(() => {
      this.panel = undefined;
      void this.removeFile();
    });
    this.panel = panel;
    return panel;
  }

  private async removeFile(): Promise<void> {
    const file = this.file;
    this.file = undefined;
    if (file) await rm(file, { force: true });
  }
}
