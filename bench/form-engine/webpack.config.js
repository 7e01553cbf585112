// Production build of the benchmark page; the engine (src/formEngine + src/domain/forms) gets a
// chunk of its own so that its gzip size can be reported.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

module.exports = {
  mode: 'production',
  context: path.resolve(__dirname, '..', '..'),
  entry: { bench: './bench/form-engine/entry.tsx' },
  // bench/formEngine.bench.ts passes --output-path (a fresh temporary folder per run); this one is
  // only for a build by hand.
  output: { path: path.join(require('node:os').tmpdir(), 'bench-form-engine'), filename: '[name].js', clean: true },
  resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
  module: {
    rules: [
      { test: /\.(t|j)sx?$/, exclude: /node_modules/, use: 'babel-loader' },
      {
        test: /\.module\.css$/,
        use: ['style-loader', { loader: 'css-loader', options: { modules: { namedExport: false, exportLocalsConvention: 'as-is' } } }],
      },
      { test: /\.css$/, exclude: /\.module\.css$/, use: ['style-loader', 'css-loader'] },
    ],
  },
  optimization: {
    splitChunks: {
      chunks: 'all',
      cacheGroups: {
        engine: { test: /[\\/]src[\\/](formEngine|domain[\\/]forms)[\\/]/, name: 'engine', enforce: true, priority: 20 },
        vendor: { test: /[\\/]node_modules[\\/]/, name: 'vendor', priority: 10 },
      },
    },
  },
  performance: { hints: false },
  plugins: [new HtmlWebpackPlugin({ templateContent: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Form engine bench</title></head><body><div id="root"></div></body></html>' })],
};
