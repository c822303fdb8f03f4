// The import-boundary rules' verdict on one import: lints `import { x } from '<specifier>'` as if it were the file
// at `file` (a path from the repository's root, which need not exist) with the repository's own ESLint config, and
// returns the messages of `no-restricted-imports`. Both apps' boundary tests ask it.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

export async function restrictedImports(file, specifier) {
  const code = `import { x } from '${specifier}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath: repoRoot + file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}
