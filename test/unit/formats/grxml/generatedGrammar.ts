// The generated 10,000-rule grammar bench/grxml.ts times (and the diagnostics snapshot test checks): one owner for
// its text, so the benchmark and the test read the same document. Each rule: a one-of of a weighted item with a
// tag, an optional item, and a reference to the next rule (with a tag), then a repeated <token>.

export const GENERATED_RULES = 10_000;

export function generatedGrammar(rules = GENERATED_RULES): string {
  const out: string[] = [];
  for (let i = 0; i < rules; i++) {
    const next =
      i + 1 < rules ? `<item><ruleref uri="#r${i + 1}"/><tag>out = rules.latest();</tag></item>` : '<item>last</item>';
    out.push(`  <rule id="r${i}" scope="${i % 2 === 0 ? 'public' : 'private'}">
    <one-of>
      <item weight="2">word${i} alpha<tag>out = "w${i}";</tag></item>
      <item repeat="0-1">beta${i}</item>
      ${next}
    </one-of>
    <item repeat="1-3"><token>gamma ${i}</token></item>
  </rule>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="r0" tag-format="semantics/1.0">
${out.join('\n')}
</grammar>
`;
}
