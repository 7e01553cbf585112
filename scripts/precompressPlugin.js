// A webpack plugin that writes a brotli (best quality) and a gzip twin next to every emitted text
// asset (`main.js.br`, `main.js.gz`), which the server's static plugin sends as they are
// (preCompressed), so no request pays for compressing the client.
const { brotliCompressSync, constants, gzipSync } = require('node:zlib');

const TEXT_ASSET = /\.(js|css|html|svg|txt|json)$/;
const MIN_BYTES = 1024;

class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      const { RawSource } = compiler.webpack.sources;
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!TEXT_ASSET.test(name)) continue;
            const content = assets[name].buffer();
            if (content.length < MIN_BYTES) continue;
            const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } });
            compilation.emitAsset(`${name}.br`, new RawSource(br), { compressed: true });
            compilation.emitAsset(`${name}.gz`, new RawSource(gzipSync(content, { level: 9 })), { compressed: true });
          }
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
