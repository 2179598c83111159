// Literal collisions: the same words listed as a literal of two list entities in one locale, so a mention
// of them cannot say which entity it is. Compared after normalization (case, punctuation, spacing).
import type { DictionaryEntry } from '../formats/trsx/model';
import { normalize } from '../formats/sampleText';
import { RULE_SEVERITY, type HealthFinding } from './findings';
import type { LocaleFile } from './localeFile';

export function findLiteralCollisions(locale: LocaleFile, findings: HealthFinding[]): void {
  const owners = new Map<string, Array<{ concept: string; entry: DictionaryEntry }>>();
  for (const d of locale.document.dictionaries) {
    for (const entry of d.entries) {
      const key = normalize(entry.literal);
      if (key === '') continue;
      let list = owners.get(key);
      if (!list) owners.set(key, (list = []));
      if (!list.some((o) => o.concept === d.conceptref)) list.push({ concept: d.conceptref, entry });
    }
  }
  for (const [key, list] of owners) {
    if (list.length < 2) continue;
    const [first, ...rest] = list as [
      { concept: string; entry: DictionaryEntry },
      ...Array<{ concept: string; entry: DictionaryEntry }>,
    ];
    findings.push({
      rule: 'literal-collision',
      severity: RULE_SEVERITY['literal-collision'],
      locale: locale.locale,
      location: locale.locate(first.entry),
      related: rest.map((o) => locale.locate(o.entry)),
      message: `The literal "${key}" is listed under ${list.length} entities in ${locale.locale}: ${list.map((o) => o.concept).join(', ')}; a mention of it cannot say which one it is. Keep it in one entity's list in ${locale.file}.`,
    });
  }
}
