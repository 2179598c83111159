// The two documents both language-server tests open (the CLI over JSON-RPC, and Neovim's client): a TRSX file with
// a misspelt conceptref (COFFE_SIZE) and a GrXML grammar with an undefined ruleref (#drink), and where things are.
import assert from 'node:assert/strict';

export const TRSX = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="en-US" nuance:version="2.6">
    <ontology>
        <intents>
            <intent name="ORDER_COFFEE">
                <links>
                    <link conceptref="COFFEE_SIZE"/>
                </links>
            </intent>
        </intents>
        <concepts>
            <concept name="COFFEE_SIZE"/>
        </concepts>
    </ontology>
    <samples>
        <sample intentref="ORDER_COFFEE">a <annotation conceptref="COFFEE_SIZE">large</annotation> coffee</sample>
        <sample intentref="ORDER_COFFEE">a <annotation conceptref="COFFE_SIZE">small</annotation> one</sample>
    </samples>
</project>
`;

export const GRXML = `<?xml version="1.0" encoding="UTF-8"?>
<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="main" mode="voice">
  <rule id="main" scope="public">
    <ruleref uri="#size"/> <ruleref uri="#drink"/>
  </rule>
  <rule id="size">
    <one-of><item>small</item><item>large</item></one-of>
  </rule>
</grammar>
`;

/** The line and character of the `n`th occurrence of `needle` (plus `delta` characters). */
export function at(text: string, needle: string, delta = 0, n = 0): { line: number; character: number } {
  let index = -1;
  for (let i = 0; i <= n; i++) index = text.indexOf(needle, index + 1);
  assert.ok(index >= 0, `${needle} not found`);
  const before = text.slice(0, index + delta);
  const line = before.split('\n').length - 1;
  return { line, character: before.length - before.lastIndexOf('\n') - 1 };
}
