// External rule references (`<ruleref uri="other.grxml#rule"/>`) as the editor sees them: the referenced grammar
// is read through the project index, so an open document's unsaved text counts. Where a reference may lead is
// the formats layer's rule (resolveFile.ts: local files inside the allowed folders, never fetched).

import { confinedGrammarPath } from '../../formats/grxml/resolveFile';
import type { GrammarResolver } from '../../formats/grxml/externalRefs';
import type { Grammar } from '../../formats/grxml/model';
import type { ProjectIndex } from '../project/projectIndex';

/**
 * A resolver over the project index. `allowedRoots` confines reads (the workspace folders); empty means the
 * referencing grammar's own folder tree only.
 */
export function projectGrammarResolver(projects: ProjectIndex, allowedRoots: readonly string[]): GrammarResolver {
  return (uri: string, base: string): Grammar | undefined => {
    const path = confinedGrammarPath(uri, base, allowedRoots);
    const result = projects.grxml(path);
    if (!result) throw new Error(`cannot read external grammar ${path}; check the ruleref uri`);
    return result.grammar;
  };
}
