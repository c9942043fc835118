// Builds dist/steere-games-offline.html: the demo page as one self-contained file that plays from file://
// with no network; and dist/steere-games-lab-offline.html, the balance lab (www/lab/index.html) made the
// same way, its workers started from a Blob of the bundled www/lab/worker.js with the wasm bytes posted to
// them. The page's modules (the board elements of pkg/ among them) are bundled (esbuild) and
// inlined, the wasm is inlined as base64, and the package's worker (pkg/worker.js, bundled) is inlined too:
// WorkerBot.inline makes the elements start it from a Blob and post the wasm bytes to it (module workers
// and fetch() do not work on file://). Run `make pkg` first.
import { build } from 'esbuild';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const www = join(root, 'www');
const wasmPath = join(root, 'pkg', 'steere_games_bg.wasm');
if (!existsSync(wasmPath)) throw new Error('offline: pkg/ is missing; run `make pkg` first');

async function bundle(entry, format) {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format,
    write: false,
    minify: true,
    target: 'es2020',
    logLevel: 'error',
  });
  return out.outputFiles[0].text;
}

// Text placed inside <script> must not close it early.
const scriptSafe = (js) => js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

const app = await bundle(join(www, 'app.js'), 'esm');
const worker = await bundle(join(root, 'pkg', 'worker.js'), 'iife');
const wasm = readFileSync(wasmPath).toString('base64');
const css = readFileSync(join(www, 'style.css'), 'utf8');
const icon = `data:image/svg+xml;base64,${readFileSync(join(www, 'icon.svg')).toString('base64')}`;

let html = readFileSync(join(www, 'index.html'), 'utf8');
const replace = (re, text) => {
  if (!re.test(html)) throw new Error(`offline: index.html no longer matches ${re}`);
  html = html.replace(re, () => text);
};
replace(/<link rel="manifest"[^>]*>\n?/, '');
replace(/<link rel="icon"[^>]*>/, `<link rel="icon" href="${icon}" type="image/svg+xml">`);
replace(/<link rel="stylesheet" href="style.css">/, `<style>\n${css}</style>`);
/** The page's scripts: the wasm bytes and a worker's code (under `workerKey`) on STEERE_OFFLINE, then `module`. */
const boot = (workerKey, workerCode, module) =>
  `<script>\n(function () {\n  var b = atob(${JSON.stringify(wasm)});\n  var u = new Uint8Array(b.length);\n` +
  `  for (var i = 0; i < b.length; i++) u[i] = b.charCodeAt(i);\n` +
  `  globalThis.STEERE_OFFLINE = { wasm: u, ${workerKey}: ${scriptSafe(JSON.stringify(workerCode))} };\n})();\n</script>\n` +
  `<script type="module">\n${scriptSafe(module)}\n</script>`;
replace(/<script type="module" src="app.js"><\/script>/, boot('worker', worker, app));
// the demo's header links the lab: the offline lab next to it
replace(/href="lab\/"/, 'href="steere-games-lab-offline.html"');

mkdirSync(join(root, 'dist'), { recursive: true });
const out = join(root, 'dist', 'steere-games-offline.html');
writeFileSync(out, html);
console.log(`offline: ${out} (${(html.length / 1024).toFixed(0)} KiB)`);

// The balance lab: its page, its modules and its worker in one file.
const lab = await bundle(join(www, 'lab', 'lab.js'), 'esm');
const labWorker = await bundle(join(www, 'lab', 'worker.js'), 'iife');
const labCss = readFileSync(join(www, 'lab', 'lab.css'), 'utf8');
html = readFileSync(join(www, 'lab', 'index.html'), 'utf8');
replace(/<link rel="manifest"[^>]*>\n?/, '');
replace(/<link rel="icon"[^>]*>/, `<link rel="icon" href="${icon}" type="image/svg+xml">`);
replace(
  /<link rel="stylesheet" href="\.\.\/style.css">\n<link rel="stylesheet" href="lab.css">/,
  `<style>\n${css}\n${labCss}</style>`,
);
replace(/href="\.\.\/"/, 'href="steere-games-offline.html"');
replace(/<script type="module" src="lab.js"><\/script>/, boot('labWorker', labWorker, lab));
const labOut = join(root, 'dist', 'steere-games-lab-offline.html');
writeFileSync(labOut, html);
console.log(`offline: ${labOut} (${(html.length / 1024).toFixed(0)} KiB)`);
