// Production: content-hashed bundles, one chunk per top-level route (React.lazy in
// src/app/routes.tsx), CSS extracted to minified files so the strict CSP needs no inline script,
// brotli and gzip twins of every asset (served as they are), and source maps kept for error
// reports in dist-sourcemaps/, outside the served folder, with no reference from the bundles.
// Development: webpack-dev-server with hot reload on 3000, proxying /api to the server.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const { PrecompressPlugin } = require('./scripts/precompressPlugin');

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  const styleLoader = production ? MiniCssExtractPlugin.loader : 'style-loader';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? 'assets/[name].[contenthash:12].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:12].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
      // Relative to dist/: the maps land beside it, where the static server never looks.
      sourceMapFilename: '../dist-sourcemaps/[file].map',
      publicPath: '/',
      clean: { keep: /\.build-hash$/ },
    },
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // The catalogues arrive precompiled (scripts/catalogueLoader.js), so react-intl needs no
      // message parser in the browser: its exports without `parse` save ~7 kB on every page.
      // react-router's package points bundlers at its development build (dev warnings on); the
      // production build is the same code without them.
      alias: {
        '@formatjs/icu-messageformat-parser$': require.resolve('@formatjs/icu-messageformat-parser/no-parser.js'),
        ...(production ? { 'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs') } : {}),
      },
    },
    module: {
      rules: [
        { test: /\.(t|j)sx?$/, exclude: /node_modules/, use: 'babel-loader' },
        // translations/<language>.json?area=<area>: one area of a catalogue as message ASTs.
        { test: /translations[\\/][a-z]+\.json$/, resourceQuery: /area=/, type: 'javascript/auto', use: path.resolve(__dirname, 'scripts/catalogueLoader.js') },
        {
          test: /\.module\.css$/,
          use: [styleLoader, { loader: 'css-loader', options: { modules: { namedExport: false, exportLocalsConvention: 'as-is' } } }],
        },
        { test: /\.css$/, exclude: /\.module\.css$/, use: [styleLoader, 'css-loader'] },
        { test: /\.(png|svg|woff2?)$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      // Mantine's nested calc() with var() fallbacks trips cssnano's calc folding; the rest applies.
      minimizer: ['...', new CssMinimizerPlugin({ minimizerOptions: { preset: ['default', { calc: false }] } })],
      // Shared pieces under 50 kB (raw) stay in the chunks that use them: each file a page loads
      // costs a request and ~0.9 kB of response headers, more than the little code it shares.
      // react-router stays in the full app's chunk (src/app/FullApp.tsx), the only one that uses
      // it: one file less on every signed-in page, none on the sign-in page.
      splitChunks: {
        chunks: 'all',
        minSize: 50000,
        cacheGroups: { defaultVendors: { test: /[\\/]node_modules[\\/](?!react-router[\\/])/, priority: -10, reuseExistingChunk: true } },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    plugins: [
      new HtmlWebpackPlugin({ template: 'static/index.html', favicon: 'static/favicon.svg', scriptLoading: 'defer' }),
      new CopyWebpackPlugin({ patterns: [{ from: 'static/robots.txt' }] }),
      ...(production ? [new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:12].css', chunkFilename: 'assets/[name].[contenthash:12].css' }), new PrecompressPlugin()] : []),
    ],
    devServer: {
      port: 3000,
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: 'http://localhost:8080' }],
    },
  };
};
