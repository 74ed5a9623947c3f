// Jest runs modules in a vm without ESM support, so PGlite's CommonJS build fails at its `await import("fs")` (and zlib,
// stream, util, node:module) with ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG. Those are all Node built-ins: loading them
// with require is equivalent. Applied only to @electric-sql/pglite/dist/*.cjs, only under Jest (server/jest.config.js).
const crypto = require('node:crypto');

const DYNAMIC_BUILTIN_IMPORT = /\bimport\(\s*(["'])((?:node:)?[a-z_/]+)\1\s*\)/g;

module.exports = {
  process(source) {
    // The module's own `require`, captured first: inside PGlite's functions a local `var require` shadows it.
    const body = source.replace(DYNAMIC_BUILTIN_IMPORT, (_, q, name) => `Promise.resolve().then(() => __jestRequire(${q}${name}${q}))`);
    const strict = /^\s*(["'])use strict\1;?/.exec(body);
    const head = strict ? strict[0] : '';
    return { code: `${head}var __jestRequire = require;${body.slice(head.length)}` };
  },
  getCacheKey(source, filename) {
    return crypto.createHash('sha256').update('pglite-cjs-v2').update(filename).update(source).digest('hex');
  },
};
