// Reading an InterpretRequest in proto3 JSON (../shared/spec/nlu-runtime-notes.md, "Request"). As a proto3
// JSON parser does, it takes both the lowerCamelCase names and the proto field names (`clientData` and
// `client_data`: the public demo client sends the latter, app/src/components/nluaas.js), enum names or numbers,
// and 64-bit-safe integers as numbers or strings. `resources` is a repeated field; the demo client sends one
// resource as a bare object (`resources: {inlineWordset: "..."}`), which the sandbox takes as a list of one
// (docs/platform-notes.md "NLU runtime"). Unknown fields are ignored. Every refusal is a 400 naming the field.
import type { WordsetEntry } from '../../core/nlu/engine/types';
import { RuntimeError } from './runtimeErrors';

export type ResultType = 'SINGLE_INTENT' | 'MULTI_INTENT';
export type LoggingMode = 'PLAINTEXT' | 'SUPPRESSED';

export interface InterpretCall {
  text: string;
  modelUri: string;
  resultType: ResultType;
  loggingMode: LoggingMode;
  /** 0: the server's default. */
  maxInterpretations: number;
  /** Inline wordsets of all resources, merged by entity name. */
  wordsets: Record<string, WordsetEntry[]>;
  clientData: Record<string, string>;
  userId?: string;
}

/** Beyond this the request is refused, like any out-of-range value. */
export const MAX_INTERPRETATIONS = 100;
/** Longest text accepted. */
export const MAX_TEXT_CHARS = 10_000;

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field by its JSON name or its proto name. */
function field(o: Obj, camel: string): unknown {
  if (camel in o) return o[camel];
  const snake = camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return o[snake];
}

function message(o: Obj, camel: string, path: string): Obj | undefined {
  const v = field(o, camel);
  if (v === undefined || v === null) return undefined;
  if (!isObj(v)) throw RuntimeError.badRequest(`${path} must be an object.`);
  return v;
}

function enumOf<T extends string>(
  v: unknown,
  path: string,
  names: Readonly<Record<string, T | undefined>>,
  numbers: Readonly<Record<number, T | undefined>>,
  fallback: T,
): T {
  if (v === undefined || v === null) return fallback;
  const found = typeof v === 'number' ? numbers[v] : typeof v === 'string' ? names[v] : undefined;
  if (found === undefined && !(typeof v === 'number' && v === 0) && v !== 'UNDEFINED') {
    throw RuntimeError.badRequest(
      `${path} is ${JSON.stringify(v)}; use one of ${Object.keys(names)
        .filter((n) => n !== 'UNDEFINED')
        .join(', ')}.`,
    );
  }
  return found ?? fallback;
}

function int(v: unknown, path: string, min: number, max: number): number {
  if (v === undefined || v === null) return 0;
  const n = typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
    throw RuntimeError.badRequest(`${path} must be an integer from ${min} to ${max} (got ${JSON.stringify(v)}).`);
  return n;
}

function stringMap(v: unknown, path: string): Record<string, string> {
  if (v === undefined || v === null) return {};
  if (!isObj(v)) throw RuntimeError.badRequest(`${path} must be an object of strings.`);
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) {
    if (typeof x !== 'string') throw RuntimeError.badRequest(`${path}.${k} must be a string.`);
    out[k] = x;
  }
  return out;
}

/** The wordsets of one `inlineWordset` JSON string: `{"ENTITY": [{"canonical": "...", "literal": "..."}, …]}`. */
function parseWordset(text: unknown, path: string): Record<string, WordsetEntry[]> {
  if (typeof text !== 'string') throw RuntimeError.badRequest(`${path} must be a string holding a JSON object.`);
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw RuntimeError.badRequest(`${path} is not valid JSON: ${(err as Error).message}.`);
  }
  if (!isObj(parsed))
    throw RuntimeError.badRequest(
      `${path} must be a JSON object mapping entity names to lists of {"canonical", "literal"}.`,
    );
  const out: Record<string, WordsetEntry[]> = {};
  for (const [entity, entries] of Object.entries(parsed)) {
    if (!Array.isArray(entries))
      throw RuntimeError.badRequest(`${path}: "${entity}" must be a list of {"canonical", "literal"}.`);
    out[entity] = entries.map((e, i) => {
      const literal = isObj(e) ? e.literal : undefined;
      const canonical = isObj(e) ? (e.canonical ?? e.literal) : undefined;
      if (typeof literal !== 'string' || literal.trim() === '' || typeof canonical !== 'string') {
        throw RuntimeError.badRequest(
          `${path}: "${entity}"[${i}] needs a non-empty "literal" (and a "canonical" value, else the literal is the value).`,
        );
      }
      return { canonical, literal };
    });
  }
  return out;
}

export function parseInterpretRequest(body: unknown): InterpretCall {
  if (!isObj(body))
    throw RuntimeError.badRequest(
      'The request body must be a JSON InterpretRequest object: {"model": {"uri": "…"}, "input": {"text": "…"}}.',
    );
  const parameters = message(body, 'parameters', 'parameters') ?? {};
  const model = message(body, 'model', 'model');
  const uri = model ? field(model, 'uri') : undefined;
  if (typeof uri !== 'string' || uri.trim() === '')
    throw RuntimeError.badRequest(
      'model.uri is required: urn:nuance-mix:tag:model/<context tag>/mix.nlu?=language=eng-USA.',
    );
  const type = enumOf(
    model ? field(model, 'type') : undefined,
    'model.type',
    {
      SEMANTIC_MODEL: 'SEMANTIC_MODEL',
      WORDSET: 'WORDSET',
      COMPILED_WORDSET: 'COMPILED_WORDSET',
      UNDEFINED_RESOURCE_TYPE: undefined,
    },
    { 1: 'SEMANTIC_MODEL', 2: 'WORDSET', 3: 'COMPILED_WORDSET' },
    'SEMANTIC_MODEL',
  );
  if (type !== 'SEMANTIC_MODEL')
    throw RuntimeError.badRequest(
      `model.type ${type} cannot interpret text; the model of an Interpret request is a SEMANTIC_MODEL.`,
    );

  const input = message(body, 'input', 'input');
  if (!input) throw RuntimeError.badRequest('input is required: {"text": "…"}.');
  const text = field(input, 'text');
  if (text === undefined && field(input, 'asrResult') !== undefined) {
    throw RuntimeError.badRequest(
      'input.asrResult is not supported by the sandbox runtime; send the recognized text as input.text.',
    );
  }
  if (typeof text !== 'string') throw RuntimeError.badRequest('input.text must be a string.');
  if (text.length > MAX_TEXT_CHARS)
    throw RuntimeError.badRequest(`input.text has ${text.length} characters; the limit is ${MAX_TEXT_CHARS}.`);

  const resources = field(body, 'resources');
  const list: unknown[] =
    resources === undefined || resources === null ? [] : Array.isArray(resources) ? resources : [resources];
  const wordsets: Record<string, WordsetEntry[]> = {};
  list.forEach((r, i) => {
    if (!isObj(r)) throw RuntimeError.badRequest(`resources[${i}] must be an object.`);
    const inline = field(r, 'inlineWordset');
    if (inline !== undefined) {
      for (const [name, entries] of Object.entries(parseWordset(inline, `resources[${i}].inlineWordset`)))
        wordsets[name] = [...(wordsets[name] ?? []), ...entries];
    } else if (field(r, 'externalReference') !== undefined) {
      throw RuntimeError.badRequest(
        `resources[${i}].externalReference: the sandbox runtime has no compiled wordsets; send the wordset inline (inlineWordset).`,
      );
    }
  });

  const userId = field(body, 'userId');
  return {
    text,
    modelUri: uri,
    resultType: enumOf(
      field(parameters, 'interpretationResultType'),
      'parameters.interpretationResultType',
      { SINGLE_INTENT: 'SINGLE_INTENT', MULTI_INTENT: 'MULTI_INTENT', UNDEFINED: undefined },
      { 1: 'SINGLE_INTENT', 2: 'MULTI_INTENT' },
      'SINGLE_INTENT',
    ),
    loggingMode: enumOf(
      field(parameters, 'interpretationInputLoggingMode'),
      'parameters.interpretationInputLoggingMode',
      { PLAINTEXT: 'PLAINTEXT', SUPPRESSED: 'SUPPRESSED' },
      { 0: 'PLAINTEXT', 9: 'SUPPRESSED' },
      'PLAINTEXT',
    ),
    maxInterpretations: int(
      field(parameters, 'maxInterpretations'),
      'parameters.maxInterpretations',
      0,
      MAX_INTERPRETATIONS,
    ),
    wordsets,
    clientData: stringMap(field(body, 'clientData'), 'clientData'),
    ...(typeof userId === 'string' && userId !== '' ? { userId } : {}),
  };
}
