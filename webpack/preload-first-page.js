// Preload hints for what the shell's first page always loads, written into index.html at build time.
//
// The shell's entry only does `import('./bootstrap')`, so without hints the browser learns of every other script late:
// main.js (the federation runtime) must download and run before it asks for the bootstrap chunk and the shared modules
// (react-dom, the router, shared-ui, i18next…), and each of those before the next level. Those chunks are the same on
// every first page (the shell provides every shared module; no remote is loaded yet), so index.html can name them:
// `<link rel="preload">` lets the browser fetch them all in parallel with main.js, and the runtime's own <script>/<link>
// then find them in the cache. No hashes are written by hand: the list is read from the chunk graph.
//
// What is followed: the entry's `import()` blocks (the bootstrap) and, for every shared module a reached chunk consumes,
// the chunk this app *provides* it from (on the first page the shell is the only provider, so the federation runtime loads
// the provided copy, not the consumer's fallback), then what that chunk consumes in turn. Not followed: an `import()`
// inside application code (React.lazy pages, lazy areas, toasts loaded after first paint), nor remotes (run time).
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'PreloadFirstPagePlugin';

/** Files of the chunks the first page loads (the entry's own files excluded). */
function firstPageFiles(compilation, entryName) {
  const { chunkGraph } = compilation;
  const entry = compilation.entrypoints.get(entryName);
  const provided = new Map();
  for (const module of compilation.modules) if (module.type === 'provide-module') provided.set(module._name, module);
  const seenGroups = new Set();
  const seenChunks = new Set(entry.chunks);
  const files = [];
  const visitBlocks = (module) => {
    for (const block of module.blocks) visitGroup(chunkGraph.getBlockChunkGroup(block));
  };
  const visitGroup = (group) => {
    if (!group || seenGroups.has(group)) return;
    seenGroups.add(group);
    for (const chunk of group.chunks) {
      if (seenChunks.has(chunk)) continue;
      seenChunks.add(chunk);
      for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.push(file);
    }
    for (const chunk of group.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'consume-shared-module') continue;
        visitBlocks(provided.get(module.options.shareKey) ?? module);
      }
    }
  };
  // The entry module's own import(): `import('./bootstrap')`.
  for (const chunk of entry.chunks) for (const module of chunkGraph.getChunkEntryModulesIterable(chunk)) visitBlocks(module);
  return files;
}

class PreloadFirstPagePlugin {
  constructor({ entry = 'main' } = {}) {
    this.entry = entry;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const publicPath = data.publicPath;
        const links = firstPageFiles(compilation, this.entry).map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            href: publicPath + file,
            as: file.endsWith('.css') ? 'style' : 'script',
          }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

module.exports = { PreloadFirstPagePlugin, firstPageFiles };
