// Lint keeps the architecture honest (docs/architecture.md explains the rooms and which way imports go):
// `vscode` only in src/host, src/features and src/extension.ts, no `any`, core never reaches up into sandbox, cli,
// host or features, the sandbox uses only the core folders listed below, and no feature imports another feature.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const vscodeBan = {
  name: 'vscode',
  message: 'Only src/host, src/features and src/extension.ts may import vscode (see docs/architecture.md).',
};

// The platform the sandbox imitates must not share code with the client that talks to it (core/platform) or with the
// tools built on that client, or a bug in one would hide in the other.
// The NLU engine (core/nlu/engine) is the model both sides run, like a file format: the sandbox serves it, the
// client explains with it; the rest of core/nlu is the client's.
const sandboxCore = ['formats', 'package', 'fs', 'logs/simulation', 'nlu/engine', 'logger', 'progress'];
const sandboxForbiddenCore = readdirSync(new URL('./src/core', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory() && !sandboxCore.some((allowed) => allowed.split('/')[0] === e.name))
  .map((e) => `**/core/${e.name}/**`)
  .concat(['**/core/logs/*', '!**/core/logs/simulation', '**/core/nlu/*', '!**/core/nlu/engine']);

// Features are siblings: what two of them share belongs in core/ or host/.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory()).map((e) => e.name);
const featureIsolation = features.map((own) => ({
  files: [`src/features/${own}/**/*.ts`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: features.filter((f) => f !== own).map((other) => ({
        group: [`**/features/${other}/**`, `**/features/${other}`, ...relativeTo(own, other)],
        message: `features/${own} may not import features/${other}: move what they share to core/ or host/ (see docs/architecture.md).`,
      })),
    }],
  },
}));

/** Relative spellings of another feature's folder as seen from anywhere inside `own` (up to five levels deep). */
function relativeTo(_own, other) {
  return [1, 2, 3, 4, 5].flatMap((depth) => [`${'../'.repeat(depth)}${other}/**`, `${'../'.repeat(depth)}${other}`]);
}

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
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [vscodeBan],
        patterns: [{ group: ['**/sandbox/**', '**/cli/**', '**/host/**', '**/features/**'], message: 'core imports nothing above it.' }],
      }],
    },
  },
  {
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [vscodeBan],
        patterns: [
          { group: ['**/cli/**', '**/host/**', '**/features/**'], message: 'the sandbox depends only on core (see docs/architecture.md).' },
          {
            group: sandboxForbiddenCore,
            message: `the sandbox uses only these core folders: ${sandboxCore.join(', ')} (see docs/architecture.md).`,
          },
        ],
      }],
    },
  },
  {
    files: ['src/host/**/*.ts', 'src/features/**/*.ts', 'src/extension.ts', 'test/vscode/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  ...featureIsolation,
);
