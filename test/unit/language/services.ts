// Opens fixture files in a LanguageServices instance over the real disk, the way the extension does (ids are
// file paths), and finds offsets by the text around them.
import { readFileSync } from 'node:fs';
import { LanguageServices } from '../../../src/core/language/languageServices';
import { languageOfPath } from '../../../src/core/language/documents';
import { nodeFileSystem } from '../../../src/core/language/fileSystem';
import { offsetOf, workspacePath } from './helpers';

export const EN = workspacePath('coffee-shop', 'en-US', 'en-US.trsx');
export const FR = workspacePath('coffee-shop', 'fr-CA', 'fr-CA.trsx');
export const ORDER_GRAMMAR = workspacePath('coffee-shop', 'en-US', 'grammars', 'order_number.grxml');
export const YESNO = workspacePath('grammars', 'yesno.grxml');
export const COMMON = workspacePath('grammars', 'common.grxml');
export const PIN = workspacePath('grammars', 'pin.grxml');

export function servicesWith(...paths: string[]): LanguageServices {
  const services = new LanguageServices(nodeFileSystem);
  for (const p of paths) openFile(services, p);
  return services;
}

export function openFile(services: LanguageServices, path: string, text = readFileSync(path, 'utf8')): void {
  const language = languageOfPath(path);
  if (!language) throw new Error(`not a TRSX or GrXML file: ${path}`);
  services.documents.open(path, language, 1, text, path);
}

/** Offset of `needle` in the open document `id`, plus `delta` (to land inside it). */
export function at(services: LanguageServices, id: string, needle: string, delta = 0, occurrence = 0): number {
  const doc = services.documents.get(id);
  if (!doc) throw new Error(`${id} is not open`);
  return offsetOf(doc.text, needle, occurrence) + delta;
}
