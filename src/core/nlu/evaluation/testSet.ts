// A labelled test set, whatever file it came from: the utterances to interpret, each with the intent and the
// entities a model should find, and the line of the file it is on (diagnostics, JUnit, "open the test line").

/** An entity the utterance should yield. `value` absent: only the literal is judged (the file gave no value). */
export interface ExpectedEntity {
  entity: string;
  /** The words as said; absent when the file gives only a value (a truth TSV's struct values). */
  literal?: string;
  /** A list entity's canonical value, or a struct value flattened to `key=value` pairs (entityValues.ts). */
  value?: string;
}

export interface TestUtterance {
  text: string;
  intent: string;
  entities: ExpectedEntity[];
  /** 1-based line of the file the utterance is on. */
  line: number;
}

export type TestSetFormat = 'trsx' | 'csv' | 'truth-tsv';

export interface TestSet {
  /** What reports call it: the file's name. */
  name: string;
  /** The path it was read from, as given. */
  file: string;
  format: TestSetFormat;
  utterances: TestUtterance[];
}

/** A test file that cannot be read as a test set: the message names the file, the line and the fix. */
export class TestSetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TestSetError';
  }
}
