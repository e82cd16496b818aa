// Bundles main.js and its dependencies into one file of the embedded
// assets, web/platform/editor.bundle.js (or the path given), headed by
// the license of each package it holds (all MIT). The output depends on
// the lockfile's packages only: no date, no absolute path.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const out = process.argv[2] || `${here}../platform/editor.bundle.js`;

const r = await build({
  absWorkingDir: here,
  entryPoints: ['main.js'],
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2020',
  legalComments: 'none',
  metafile: true,
  write: false,
  outfile: 'editor.bundle.js',
});

// node_modules/@scope/name/... or node_modules/name/... : the package
const pkgs = new Set();
for (const input of Object.keys(r.metafile.inputs)) {
  const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  if (m) pkgs.add(m[1]);
}
const notices = [...pkgs].sort().map((name) => {
  const meta = JSON.parse(readFileSync(`${here}node_modules/${name}/package.json`, 'utf8'));
  const license = readFileSync(`${here}node_modules/${name}/LICENSE`, 'utf8').trim();
  return `${name}@${meta.version} (${meta.license})\n\n${license}`;
});
// @ts-nocheck: the pages' type check (web/e2e/tsconfig.json) reads the
// bundle's types from editor.bundle.d.ts, not its minified code.
const head = '// @ts-nocheck\n/*! The team page\'s editor: CodeMirror 6 and its language modes, bundled by web/editor (npm run build).\n' +
  'It holds these packages, under these licenses:\n\n' +
  notices.join('\n\n----\n\n').replaceAll('*/', '* /') + '\n*/\n';
writeFileSync(out, head + r.outputFiles[0].text);
