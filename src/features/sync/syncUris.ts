// The URIs of the sync feature's read-only documents: a base copy (`cstudio-base:` + the working file's
// path), an entry of a package zip (`cstudio-zip://<hex of the zip's path>/<entry>`), and an empty document
// for the missing side of a diff (`cstudio-sync:/empty/<name>`).
import * as vscode from 'vscode';
import { BASE_SCHEME, SYNC_SCHEME, ZIP_SCHEME } from './documentIds';

export function baseUri(workingFile: string): vscode.Uri {
  return vscode.Uri.file(workingFile).with({ scheme: BASE_SCHEME });
}

/** The zip's path travels hex-encoded in the authority: a path cannot hold `/` there, and hex survives case folding. */
export function zipUri(zipPath: string, entry = ''): vscode.Uri {
  return vscode.Uri.from({
    scheme: ZIP_SCHEME,
    authority: Buffer.from(zipPath, 'utf8').toString('hex'),
    path: `/${entry}`,
  });
}

export function parseZipUri(uri: vscode.Uri): { zipPath: string; entry: string } {
  if (uri.scheme !== ZIP_SCHEME || !/^[0-9a-f]+$/i.test(uri.authority)) throw vscode.FileSystemError.FileNotFound(uri);
  return {
    zipPath: Buffer.from(uri.authority, 'hex').toString('utf8'),
    entry: uri.path.replace(/^\/+/, '').replace(/\/+$/, ''),
  };
}

export function emptyUri(name: string): vscode.Uri {
  return vscode.Uri.from({ scheme: SYNC_SCHEME, path: `/empty/${name}` });
}
