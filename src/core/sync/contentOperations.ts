// The push operations that carry one intent's samples or one entity's literals in one locale. Their kind, method,
// endpoint, title and upload follow from what they carry and the mode: PUT `.append` adds to the target's
// content, POST `.replace` replaces it in that locale (destructive).
import type { DictionaryEntry, TrsxDocument, TrsxSample } from '../formats/trsx/model';
import { endpoints, type LocaleChanges, type PlanContext } from './planContext';
import type { PushMode, PushOperation } from './pushPlan';
import { literalsUpload, samplesUpload, type UploadFile } from './uploads';

/** What each kind of content is made of. */
interface Items {
  samples: TrsxSample;
  literals: DictionaryEntry;
}
export type Content = keyof Items;
export type ContentItem<C extends Content> = Items[C];

const CONTENTS: {
  readonly [C in Content]: {
    /** What owns the content, and one item of it, as titles name them. */
    readonly owner: 'intent' | 'entity';
    readonly item: string;
    readonly endpoint: (projectId: string, target: string, action: '.append' | '.replace', locale: string) => string;
    readonly upload: (locale: string, source: TrsxDocument, target: string, items: readonly Items[C][]) => UploadFile;
  };
} = {
  samples: { owner: 'intent', item: 'sample', endpoint: endpoints.samples, upload: samplesUpload },
  literals: { owner: 'entity', item: 'literal', endpoint: endpoints.literals, upload: literalsUpload },
};

/** The labels an operation lists under what it adds, changes and deletes. */
export interface ChangeLabels {
  readonly adds: readonly string[];
  readonly changes: readonly string[];
  readonly deletes: readonly string[];
}

/** Sends `items` as the `content` of `target` (an intent or entity) in locale `l`, appended or replacing. */
export function contentOperation<C extends Content>(
  ctx: PlanContext,
  l: LocaleChanges,
  content: C,
  mode: PushMode,
  target: string,
  items: readonly Items[C][],
  labels: ChangeLabels,
): PushOperation {
  const { owner, item, endpoint, upload } = CONTENTS[content];
  const where = `${owner} ${target} (${l.locale})`;
  return {
    kind: mode === 'append' ? `${content}Append` : `${content}Replace`,
    method: mode === 'append' ? 'PUT' : 'POST',
    endpoint: endpoint(ctx.projectId, target, `.${mode}`, l.locale),
    title:
      mode === 'append'
        ? `append ${items.length} ${item}(s) to ${where}`
        : `replace the ${content} of ${where} with the workspace's ${items.length}`,
    locale: l.locale,
    target,
    ...labels,
    destructive: mode === 'replace',
    upload: upload(l.locale, l.local, target, items),
  };
}
