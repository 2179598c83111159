// Samples per intent in one locale: the summary behind the chart, intents below the minimum and the
// imbalance between the most and the least sampled intents. Excluded samples are not trained on, so they
// do not count.
import type { TrsxIntent } from '../formats/trsx/model';
import {
  RULE_SEVERITY,
  type HealthFinding,
  type HealthOptions,
  type IntentCount,
  type LocaleSummary,
} from './findings';
import type { LocaleFile } from './localeFile';

export function countSamples(locale: LocaleFile, options: HealthOptions, findings: HealthFinding[]): LocaleSummary {
  const { document, samples } = locale;
  const counts = new Map<string, IntentCount>();
  const declared = new Map<string, TrsxIntent>();
  for (const intent of document.intents) {
    declared.set(intent.name, intent);
    counts.set(intent.name, { intent: intent.name, samples: 0, weighted: 0 });
  }
  samples.intents.forEach((name, id) => {
    let c = counts.get(name);
    if (!c) counts.set(name, (c = { intent: name, samples: 0, weighted: 0 }));
    c.samples += samples.samplesOf[id] as number;
    c.weighted += samples.weightOf[id] as number;
  });
  const total = samples.size;
  const intents = [...counts.values()].sort((a, b) => b.samples - a.samples || a.intent.localeCompare(b.intent));
  for (const c of intents) {
    const intent = declared.get(c.intent);
    if (!intent || c.samples >= options.minSamples) continue; // samples of undeclared intents are the validator's
    findings.push({
      rule: 'samples-below-minimum',
      severity: RULE_SEVERITY['samples-below-minimum'],
      locale: locale.locale,
      location: locale.locate(intent),
      message: `Intent ${c.intent} has ${c.samples} sample${c.samples === 1 ? '' : 's'} in ${locale.locale}, fewer than ${options.minSamples}; add ${options.minSamples - c.samples} more to ${locale.file} (or lower the minimum with --min-samples).`,
    });
  }
  const sampled = intents.filter((c) => c.samples > 0);
  const most = sampled[0];
  const least = sampled.at(-1);
  const imbalance = most && least ? most.samples / least.samples : 1;
  if (most && least && imbalance > options.maxImbalance) {
    const leastIntent = declared.get(least.intent);
    findings.push({
      rule: 'intent-imbalance',
      severity: RULE_SEVERITY['intent-imbalance'],
      locale: locale.locale,
      ...(leastIntent ? { location: locale.locate(leastIntent) } : {}),
      message: `In ${locale.locale}, intent ${most.intent} has ${most.samples} samples and ${least.intent} only ${least.samples} (${imbalance.toFixed(1)}×, above ${options.maxImbalance}×); add samples to ${least.intent} or thin out ${most.intent} in ${locale.file}.`,
    });
  }
  return {
    locale: locale.locale,
    file: locale.file,
    samples: total,
    intents,
    imbalance,
    xmlErrors: locale.wellFormednessErrors,
  };
}
