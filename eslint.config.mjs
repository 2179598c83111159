// Lint keeps the architecture honest (docs/architecture.md explains the rooms and which way imports go):
// `vscode` only in src/host, src/features and src/extension.ts, no `any`, core never reaches up into sandbox, cli,
// host or features, the sandbox uses only the core folders listed below, no feature imports another feature, host
// imports no feature, core/platform no zips or formats, and core/language nothing of sync.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const coreUpward = {
  group: ['**/sandbox/**', '**/cli/**', '**/host/**', '**/features/**'],
  message: 'core imports nothing above it.',
};

const vscodeBan = {
  name: 'vscode',
  message: 'Only src/host, src/features and src/extension.ts may import vscode (see docs/architecture.md).',
};

// The platform the sandbox imitates must not share code with the client that talks to it (core/platform) or with the
// tools built on that client, or a bug in one would hide in the other.
// The NLU engine (core/nlu/engine) is the model both sides run, like a file format: the sandbox serves it, the
// client explains with it; the rest of core/nlu is the client's.
const sandboxCore = [
  'formats',
  'dialog',
  'package',
  'fs',
  'logs/simulation',
  'nlu/engine',
  'logger',
  'progress',
  'prng',
];
const sandboxForbiddenCore = readdirSync(new URL('./src/core', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory() && !sandboxCore.some((allowed) => allowed.split('/')[0] === e.name))
  .map((e) => `**/core/${e.name}/**`)
  .concat(['**/core/logs/*', '!**/core/logs/simulation', '**/core/nlu/*', '!**/core/nlu/engine']);

// Features are siblings: what two of them share belongs in core/ or host/.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const featureIsolation = features.map((own) => ({
  files: [`src/features/${own}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: features
          .filter((f) => f !== own)
          .map((other) => ({
            group: [`**/features/${other}/**`, `**/features/${other}`, ...relativeTo(own, other)],
            message: `features/${own} may not import features/${other}: move what they share to core/ or host/ (see docs/architecture.md).`,
          })),
      },
    ],
  },
}));

/** Relative spellings of another feature's folder as seen from anywhere inside `own` (up to five levels deep). */
function relativeTo(_own, other) {
  return [1, 2, 3, 4, 5].flatMap((depth) => [`${'../'.repeat(depth)}${other}/**`, `${'../'.repeat(depth)}${other}`]);
}

// A spread argument puts every element on the call stack: past ~100,000 elements (a folder's problems, a
// project's samples) the call throws "Maximum call stack size exceeded". Appending and extremes take a loop.
const unboundedSpread = [
  {
    selector: 'CallExpression[callee.property.name=/^(push|unshift|splice)$/] > SpreadElement',
    message:
      'No spread into push/unshift/splice: a large array overflows the call stack. Use a for…of loop (see eslint.config.mjs).',
  },
  {
    selector:
      'CallExpression[callee.object.name=/^(Math|String)$/][callee.property.name=/^(max|min|fromCharCode|fromCodePoint)$/] > SpreadElement',
    message:
      'No spread into Math.max/min or String.fromCharCode: a large array overflows the call stack. Use a loop or reduce.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.cache/**', 'test/vscode/runner/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [vscodeBan] }],
    },
  },
  // The product's code; tests and benchmarks spread their own small, fixed arrays.
  { files: ['src/**/*.ts'], rules: { 'no-restricted-syntax': ['error', ...unboundedSpread] } },
  {
    files: ['src/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [vscodeBan], patterns: [coreUpward] }] },
  },
  // A later block's options replace an earlier one's, so each of these repeats the core rule.
  {
    files: ['src/core/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [vscodeBan],
          patterns: [
            coreUpward,
            {
              // Except the runtime's locale spelling (eng-USA), pure tables that the model URN and the sandbox share.
              group: ['**/formats/**', '**/formats', '**/package/*', '!**/package/mixLanguage'],
              message:
                'core/platform knows HTTP and wire types only: zips and file formats belong to its callers (see docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/language/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [vscodeBan],
          patterns: [
            coreUpward,
            {
              group: ['**/sync/**', '**/sync'],
              message:
                "the language server must not load sync (pulls, writes, crash recovery): a pulled folder's names are in core/workspace/workspacePaths.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [vscodeBan],
          patterns: [
            {
              group: ['**/cli/**', '**/host/**', '**/features/**'],
              message: 'the sandbox depends only on core (see docs/architecture.md).',
            },
            {
              group: sandboxForbiddenCore,
              message: `the sandbox uses only these core folders: ${sandboxCore.join(', ')} (see docs/architecture.md).`,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/host/**/*.ts', 'src/features/**/*.ts', 'src/extension.ts', 'test/vscode/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/host/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/features'],
              message: 'host/ serves the features and imports none of them (see docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  ...featureIsolation,
);
