// Read-only Markdown documents the explorer writes for reading (a build's report, a bot's integration details)
// under the `cstudio-report:` scheme, served by host/readOnlyDocuments.ts: they open without a save prompt and
// cannot be edited by mistake.
import { ReadOnlyDocuments } from '../../host/readOnlyDocuments';

export const REPORT_SCHEME = 'cstudio-report';

export function reportDocuments(): ReadOnlyDocuments {
  return new ReadOnlyDocuments({
    scheme: REPORT_SCHEME,
    language: 'markdown',
    gone: (uri) => `This report is no longer available (${uri.path}); run the command again to produce it.`,
  });
}

/** Where the report `name` is kept, `/<name>.md` (a later one of the same name replaces it). */
export function reportPath(name: string): string {
  return `/${name.replace(/[\\/:*?"<>|]+/g, '-')}.md`;
}
