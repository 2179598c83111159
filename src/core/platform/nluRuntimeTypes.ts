// Wire types of the platform's NLU runtime, `nuance.nlu.v1.Runtime/Interpret`, in proto3 JSON as its HTTP
// interface takes and gives them (../shared/spec/nlu-runtime-notes.md; the public stubs
// app/src/lib/proto/nuance/nlu/v1/*.d.ts of nuance-communications/mix-demo-client-azstaticwebapps). Only what the
// client sends and reads is typed; proto3 JSON leaves zero values out, so every read field is optional.

export interface InterpretRequestWire {
  parameters?: {
    interpretationResultType?: 'SINGLE_INTENT' | 'MULTI_INTENT';
    interpretationInputLoggingMode?: 'PLAINTEXT' | 'SUPPRESSED';
    maxInterpretations?: number;
  };
  model: { type?: 'SEMANTIC_MODEL'; uri: string };
  /** Each `{inlineWordset: "<JSON of {ENTITY: [{canonical, literal}]}>"}`. */
  resources?: Array<{ inlineWordset: string }>;
  clientData?: Record<string, string>;
  input: { text: string };
}

export interface TextRangeWire {
  startIndex?: number;
  endIndex?: number;
}

export interface EntityWire {
  textRange?: TextRangeWire;
  confidence?: number;
  origin?: string;
  stringValue?: string;
  structValue?: Record<string, unknown>;
  literal?: string;
  entities?: Record<string, { entities?: EntityWire[] }>;
}

export interface SingleIntentWire {
  intent?: string;
  confidence?: number;
  origin?: string;
  entities?: Record<string, { entities?: EntityWire[] }>;
}

export interface InterpretResultWire {
  literal?: string;
  interpretations?: Array<{ singleIntentInterpretation?: SingleIntentWire }>;
}

export interface InterpretResponseWire {
  status?: { code?: number; message?: string };
  result?: InterpretResultWire;
}
