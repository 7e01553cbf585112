// What the built client's JS files hold, by package (node_modules) or source folder, with each
// part's share of the file's brotli size: `node scripts/chunkModules.js <file in dist/assets>…`
// (the names `BENCH_VERBOSE=1 npm run bench routes` lists). Reads the hidden source maps in
// dist-sourcemaps/; a part's compressed size is its own brotli size scaled so the parts add up to
// the file's (an estimate: compression shares context across parts).
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { SourceMapConsumer } = require('source-map');

const ROOT = path.resolve(__dirname, '..');
const brotli = (text) => zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** node_modules/<package> or the source file's folder under src/. */
function partOf(source) {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = source.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = source.indexOf('src/');
  if (src >= 0) return path.dirname(source.slice(src));
  return source.replace(/^webpack:\/\/[^/]*\//, '');
}

function partsOf(file) {
  const code = fs.readFileSync(path.join(ROOT, 'dist/assets', file), 'utf8');
  const map = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist-sourcemaps/assets', `${file}.map`), 'utf8'));
  const lines = code.split('\n');
  const segments = [];
  new SourceMapConsumer(map).eachMapping((m) => segments.push(m));
  const texts = new Map();
  const add = (part, text) => texts.set(part, (texts.get(part) ?? '') + text);
  segments.forEach((m, i) => {
    const next = segments[i + 1];
    const line = lines[m.generatedLine - 1] ?? '';
    const end = next && next.generatedLine === m.generatedLine ? next.generatedColumn : line.length;
    add(m.source ? partOf(m.source) : '(webpack)', line.slice(m.generatedColumn, end));
  });
  const total = brotli(code);
  const raw = [...texts].map(([part, text]) => ({ part, bytes: text.length, brotli: brotli(text) }));
  const sum = raw.reduce((s, p) => s + p.brotli, 0);
  return { file, bytes: code.length, total, parts: raw.map((p) => ({ ...p, share: (p.brotli * total) / sum })).sort((a, b) => b.share - a.share) };
}

for (const file of process.argv.slice(2)) {
  const { bytes, total, parts } = partsOf(file);
  console.log(`\n${file}: ${(bytes / 1000).toFixed(1)} kB minified, ${(total / 1000).toFixed(1)} kB brotli`);
  for (const p of parts) if (p.share >= 100) console.log(`  ${(p.share / 1000).toFixed(1).padStart(6)} kB  ${(p.bytes / 1000).toFixed(1).padStart(7)} kB raw  ${p.part}`);
}
