// `cstudio try TEXT --tag TAG [--locale L] [--max N] [--wordset FILE] [--json]` (or `--model URN`): asks a deployed
// NLU model what it makes of a sentence, through the platform's runtime (`POST {nluUrl}/runtime/interpret`), on
// the platform or on the sandbox: the n-best with confidences and origins, and each candidate's entities with
// literal → value and their character ranges. The runtime takes a runtime client's credentials, not the
// management client's (cli/connection.ts, openRuntimeSession; docs/platform-notes.md "NLU runtime").
import { readFile } from 'node:fs/promises';
import { parseFlags, parseIntFlag } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { connectionFlags, openRuntimeSession, type ConnectionFlagValues } from '../connection';
import { printJson } from '../output';
import { triedUtterance, type TriedUtterance } from '../../core/nlu/tryResult';
import { nluModelUrn } from '../../core/platform/nluRuntime';
import type { InterpretRequestWire } from '../../core/platform/nluRuntimeTypes';

const FLAGS = {
  ...connectionFlags,
  tag: { type: 'string' },
  locale: { type: 'string' },
  model: { type: 'string' },
  max: { type: 'string' },
  wordset: { type: 'string' },
} as const;

const USAGE = `Usage: cstudio try TEXT --tag TAG [--locale en-US] [--max N] [--wordset FILE] [--json]
       cstudio try TEXT --model URN [--max N] [--json]

Interpret TEXT with a deployed NLU model (the configuration with context tag TAG, in locale L; default en-US)
through the platform's NLU runtime: the n-best intents with confidences and origins, and their entities
(literal → value, [start, end) character range). --wordset FILE adds inline wordsets for dynamic list
entities ({"ENTITY": [{"canonical": "...", "literal": "..."}]}).

  Runtime:  --sandbox [--sandbox-data DIR] (an embedded sandbox and its runtime client)
            | --nlu-url URL --auth-url URL --runtime-client-id appID:… [--ca-file PEM]
              (or CSTUDIO_NLU_URL, CSTUDIO_AUTH_URL, CSTUDIO_RUNTIME_CLIENT_ID; secret in CSTUDIO_RUNTIME_CLIENT_SECRET)
  Output:   --json for the runtime's InterpretResult; --verbose logs requests to stderr
`;

const pct = (n: number): string => n.toFixed(3);

function render(tried: TriedUtterance, uri: string): string {
  const lines = [`"${tried.text}"  (${uri})`];
  if (tried.candidates.length === 0) lines.push('  no interpretation');
  tried.candidates.forEach((c, i) => {
    lines.push(`  ${i + 1}. ${c.intent}  ${pct(c.confidence)}  ${c.origin}`);
    for (const e of c.entities) {
      const value = e.value === e.literal ? '' : ` → ${e.value}`;
      lines.push(
        `       ${'  '.repeat(e.depth)}${e.name}  "${e.literal}"${value}  [${e.start}, ${e.end})  ${e.origin} ${pct(e.confidence)}`,
      );
    }
  });
  return lines.join('\n') + '\n';
}

async function wordsetOf(file: string | undefined, io: CliIO): Promise<string | undefined> {
  if (file === undefined) return undefined;
  const text = await readFile(file.startsWith('/') ? file : `${io.cwd}/${file}`, 'utf8');
  try {
    JSON.parse(text);
  } catch (err) {
    throw new UsageError(
      `--wordset ${file} is not JSON (${(err as Error).message}); write {"ENTITY": [{"canonical": "...", "literal": "..."}]}.`,
    );
  }
  return text;
}

export const tryCommand: CliCommand = {
  path: ['try'],
  summary: 'Interpret a sentence with a deployed NLU model (n-best, entities) through the NLU runtime.',
  usage: USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseFlags(args, FLAGS);
    const text = positionals.join(' ');
    if (text.trim() === '') throw new UsageError('Missing TEXT: the sentence to interpret (quote it).');
    const tag = values.tag;
    const model = values.model;
    if (!model && !tag)
      throw new UsageError(
        'Missing --tag TAG (the context tag of a deployed application configuration), or --model URN.',
      );
    if (model && tag) throw new UsageError('Give --tag (with --locale) or --model, not both.');
    const max = parseIntFlag(values.max, 'max', 1);
    const uri = model ?? nluModelUrn(tag ?? '', values.locale ?? 'en-US');
    const wordset = await wordsetOf(values.wordset, io);
    const session = await openRuntimeSession(values as ConnectionFlagValues, io, tag);
    try {
      const request: InterpretRequestWire = {
        parameters: {
          interpretationResultType: 'SINGLE_INTENT',
          ...(max !== undefined ? { maxInterpretations: max } : {}),
        },
        model: { type: 'SEMANTIC_MODEL', uri },
        input: { text },
        ...(wordset !== undefined ? { resources: [{ inlineWordset: wordset }] } : {}),
        clientData: { 'x-cstudio': 'try' },
      };
      const response = await session.client.interpret(request, io.signal);
      if (values.json === true) printJson(io, response.result ?? {});
      else io.stdout(render(triedUtterance(text, response), uri));
      return 0;
    } finally {
      await session.close();
    }
  },
};
