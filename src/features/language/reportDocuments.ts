// Read-only documents that show grammar test reports (a virtual `cstudio-grammar-test:` scheme, served by
// host/readOnlyDocuments.ts): plain text, so nothing in them can run, and they can be copied, searched and kept
// open beside the grammar. Each run is a new document; the last 20 are held.
import { ReadOnlyDocuments } from '../../host/readOnlyDocuments';

export const REPORT_SCHEME = 'cstudio-grammar-test';

export function grammarTestReports(): ReadOnlyDocuments {
  return new ReadOnlyDocuments({
    scheme: REPORT_SCHEME,
    keep: 20,
    gone: () => 'This report is no longer available; run the test again.',
  });
}
