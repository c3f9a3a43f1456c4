// ESLint: typescript-eslint's recommended rules, a 120-column limit, and Prettier for layout (eslint-config-prettier).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import prettier from 'eslint-config-prettier'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'src/generated/**',
      'sdk/dist/**',
      'sdk/node_modules/**',
      'sdk/src/generated/**',
      'python/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      // Prettier wraps code at 120; this catches what it cannot wrap (comments). Strings stay whole, to be found by
      // grep.
      'max-len': [
        'error',
        { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true, ignoreStrings: true, ignoreTemplateLiterals: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // TypeScript checks names itself (tsc), better than no-undef can.
  { files: ['**/*.ts', '**/*.tsx'], rules: { 'no-undef': 'off' } },
  { files: ['web/**/*.js'], languageOptions: { globals: globals.browser } },
  { files: ['**/*.mjs', 'scripts/**/*.js', 'src/cli/**/*.mjs'], languageOptions: { globals: globals.node } },
  // Tests read untyped JSON answers (GraphQL, REST, NDJSON); `any` there is the answer's honest type.
  { files: ['test/**', 'bench/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
)
