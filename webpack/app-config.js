// One webpack configuration for every web app of the portal: the shell (host) and the four remotes.
// Each app's webpack.config.js is a one-liner calling `hostConfig` or `remoteConfig`.
const path = require('path');
const zlib = require('zlib');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { hostFederation, remoteFederation, REMOTES } = require('./federation');
const { PreloadFirstPagePlugin } = require('./preload-first-page');

const API_TARGET = process.env.API_TARGET || 'http://localhost:8080';
const FAVICON = path.join(__dirname, 'assets', 'favicon.svg');

function baseConfig({ appDir, uniqueName, port, production }) {
  return {
    context: appDir,
    // The entry only does `import('./bootstrap')`, so shared modules are negotiated before any of them runs.
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(appDir, 'dist'),
      // 'auto': a remote's chunks load from wherever its remoteEntry.js came from, not from the host's origin.
      publicPath: 'auto',
      uniqueName,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: production ? 'assets/[name].[contenthash:8][ext]' : 'assets/[name][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type-checks the files of the app's tsconfig.json, which leaves test files out.
          use: { loader: 'ts-loader', options: { configFile: path.join(appDir, 'tsconfig.json') } },
        },
        // Production: CSS as its own content-hashed (cacheable) files, not strings inside the JS.
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        { test: /\.(svg|png|jpe?g|gif|woff2?)$/, type: 'asset/resource' },
      ],
    },
    // No `optimization.runtimeChunk: 'single'`: with federation it makes remote chunks resolve against the host.
    // Production source maps are build artefacts (dist/*.map, no sourceMappingURL in the files); the server never serves them.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    performance: { hints: production ? 'warning' : false, maxAssetSize: 400_000, maxEntrypointSize: 400_000 },
    devServer: {
      port,
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      client: { overlay: { errors: true, warnings: false } },
      proxy: [{ context: ['/api'], target: API_TARGET, changeOrigin: true }],
    },
    stats: 'errors-warnings',
  };
}

/**
 * Production-only plugins of every app: extracted CSS, and every text file pre-compressed at build time (x.js.br and
 * x.js.gz beside x.js) so the server sends them as they are (@fastify/static `preCompressed`) without compressing per request.
 */
function productionPlugins() {
  const text = /\.(js|css|html|svg|json|txt)$/;
  // minRatio 1 and threshold 0: every text file gets its compressed twins, so the server never falls back to identity.
  const common = { test: text, threshold: 0, minRatio: 1, deleteOriginalAssets: false };
  return [
    new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' }),
    new CompressionPlugin({ ...common, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

/** The shell: index.html at /, remotes discovered at run time from /remotes.json. */
function hostConfig({ appDir, port = 3000, title = 'Warehouse Management System' }) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const config = baseConfig({ appDir, uniqueName: 'shell', port, production });
    config.plugins = [
      hostFederation(appDir, { production }),
      // publicPath '/' so deep links (/anagrafica/prodotti loaded directly) still find the scripts.
      new HtmlWebpackPlugin({ template: './src/index.html', title, favicon: FAVICON, publicPath: '/' }),
      // index.html names the first page's chunks (<link rel="preload">): fetched alongside main.js, not after it runs.
      ...(production ? [new PreloadFirstPagePlugin(), ...productionPlugins()] : []),
    ];
    // In production the server writes /remotes.json; in development it points at the remotes' dev servers.
    config.devServer.setupMiddlewares = (middlewares) => {
      middlewares.unshift({
        name: 'dev-remotes-json',
        path: '/remotes.json',
        middleware: (_req, res) => {
          res.setHeader('Cache-Control', 'no-cache');
          res.json(devRemotesJson());
        },
      });
      return middlewares;
    };
    return config;
  };
}

/** A remote: remoteEntry.js + mf-manifest.json; in development also a standalone page on its own port. */
function remoteConfig({ appDir, name }) {
  const { devPort } = REMOTES[name];
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const config = baseConfig({ appDir, uniqueName: `mf_${name}`, port: devPort, production });
    config.plugins = [remoteFederation(appDir, name, { production }), ...(production ? productionPlugins() : [])];
    // The standalone page exists for development only; in production the shell is the page.
    if (!production) {
      config.plugins.push(
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'assets', 'standalone.html'),
          title: `WMS · ${name}`,
          favicon: FAVICON,
          // only the standalone entry: remoteEntry.js is for hosts
          chunks: ['main'],
          publicPath: '/',
        }),
      );
    }
    // The shell (another origin in development) fetches the manifest and chunks from here.
    config.devServer.headers = { 'Access-Control-Allow-Origin': '*' };
    return config;
  };
}

/** /remotes.json as served by the shell's dev server. */
function devRemotesJson() {
  const out = {};
  for (const [name, { devPort }] of Object.entries(REMOTES)) out[name] = `http://localhost:${devPort}/mf-manifest.json`;
  return out;
}

module.exports = { hostConfig, remoteConfig, devRemotesJson, REMOTES };
