// Lint keeps the architecture honest: `vscode` only in src/host, src/features and src/extension.ts,
// no `any`, and core never reaches up into sandbox, cli, host or features.
import tseslint from 'typescript-eslint';

const vscodeBan = {
  name: 'vscode',
  message: 'Only src/host, src/features and src/extension.ts may import vscode (see ARCHITECTURE.md).',
};

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
        patterns: [{ group: ['**/cli/**', '**/host/**', '**/features/**'], message: 'the sandbox depends only on core.' }],
      }],
    },
  },
  {
    files: ['src/host/**/*.ts', 'src/features/**/*.ts', 'src/extension.ts', 'test/vscode/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
