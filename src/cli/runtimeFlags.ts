// V8 settings for a `cstudio` process, set once at its start (the extension host is never touched).
// The HTTP client (undici) parses responses with llhttp compiled to WebAssembly. V8 first compiles it with its
// baseline compiler, then, once a large download makes the parser hot, recompiles it with its optimizing compiler
// on a background thread: measured on a 3 MB export, ~300 ms of CPU and a transient ~35 MB of compiler memory,
// more than a merge of an 8-locale project holds otherwise. The parser only frames headers and body chunks, so
// the baseline code is fast enough: the optimizing tier is turned off for WebAssembly alone.
import { setFlagsFromString } from 'node:v8';

export function tuneCliRuntime(): void {
  setFlagsFromString('--liftoff-only');
}
