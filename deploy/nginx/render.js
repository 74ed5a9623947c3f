#!/usr/bin/env node
/**
 * Renders the nginx configuration of deploy/nginx/ (issue 23) from its templates:
 *   node deploy/nginx/render.js --out <dir> --web-root <repository or image root> --upstream 127.0.0.1:8081,127.0.0.1:8082
 *        [--listen 80] [--max-fails 1] [--fail-timeout 3s] [--access-log off|<file>] [--brotli yes|no]
 * writes <dir>/wms.conf (the http-level part: upstream, caching, retries, one location per remote of
 * remotes.config.json) and <dir>/nginx.conf (a whole configuration for `nginx -p <dir> -c <dir>/nginx.conf`, temp files
 * under <dir>/tmp). Brotli: the pre-compressed .br files are sent when Debian's libnginx-mod-http-brotli-static is
 * installed (its module file exists; --brotli says it for another machine, e.g. an image's build stage), gzip_static alone
 * otherwise.
 */
const fs = require('node:fs');
const path = require('node:path');

const HERE = __dirname;
const ROOT = path.resolve(HERE, '../..');
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

function fill(template, slots) {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    if (!(name in slots)) throw new Error(`render: no value for {{${name}}}`);
    return slots[name];
  });
}

/**
 * Writes wms.conf and nginx.conf into `out`; returns their paths.
 * @param {{ out: string, webRoot: string, upstreams: string[], listen?: string, maxFails?: number,
 *           failTimeout?: string, accessLog?: string, brotli?: boolean, remotesTable?: string, user?: string }} o
 */
function render(o) {
  if (!o.upstreams || o.upstreams.length === 0) throw new Error('render: at least one --upstream host:port');
  const out = path.resolve(o.out);
  const webRoot = path.resolve(o.webRoot);
  const brotli = o.brotli ?? fs.existsSync(BROTLI_MODULE);
  const table = JSON.parse(fs.readFileSync(o.remotesTable ?? path.join(ROOT, 'remotes.config.json'), 'utf8'));
  const maxFails = o.maxFails ?? 1;
  const failTimeout = o.failTimeout ?? '3s';
  const upstreamServers = o.upstreams.map((u) => `    server ${u} max_fails=${maxFails} fail_timeout=${failTimeout};`).join('\n');
  const remoteLocations = table.remotes
    .map((r) =>
      [
        `    location /mf/${r.name}/ {`,
        `        alias ${path.join(webRoot, r.package, 'dist')}/;`,
        '        add_header Cache-Control $wms_cache_control always;',
        '        add_header X-Content-Type-Options nosniff always;',
        '    }',
      ].join('\n'),
    )
    .join('\n');
  fs.mkdirSync(path.join(out, 'tmp'), { recursive: true });
  const wms = fill(fs.readFileSync(path.join(HERE, 'wms.conf.template'), 'utf8'), {
    UPSTREAM_SERVERS: upstreamServers,
    LISTEN: o.listen ?? '80',
    WEB_ROOT: webRoot,
    BROTLI_STATIC: brotli ? 'brotli_static on;' : '# brotli_static: libnginx-mod-http-brotli-static is not installed',
    REMOTE_LOCATIONS: remoteLocations,
  });
  const main = fill(fs.readFileSync(path.join(HERE, 'nginx.conf.template'), 'utf8'), {
    LOAD_BROTLI: brotli ? `load_module ${BROTLI_MODULE};` : '',
    PREFIX: out,
    ACCESS_LOG: o.accessLog ?? 'off',
    // Started by root, nginx's workers run as `nobody`, who may not enter a checkout under a private directory.
    USER: o.user ? `user ${o.user};` : '',
  });
  const files = { wms: path.join(out, 'wms.conf'), nginx: path.join(out, 'nginx.conf') };
  fs.writeFileSync(files.wms, wms);
  fs.writeFileSync(files.nginx, main);
  return files;
}

function argsOf(argv) {
  const a = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--') || argv[i + 1] === undefined) throw new Error(`render: bad argument ${argv[i]}`);
    a[argv[i].slice(2)] = argv[i + 1];
  }
  return a;
}

if (require.main === module) {
  try {
    const a = argsOf(process.argv.slice(2));
    const files = render({
      out: a.out ?? 'deploy/nginx/out',
      webRoot: a['web-root'] ?? ROOT,
      upstreams: (a.upstream ?? '127.0.0.1:8080').split(',').map((s) => s.trim()),
      listen: a.listen,
      maxFails: a['max-fails'] ? Number(a['max-fails']) : undefined,
      failTimeout: a['fail-timeout'],
      accessLog: a['access-log'],
      brotli: a.brotli === undefined ? undefined : a.brotli === 'yes',
    });
    console.log(`nginx configuration written: ${files.nginx}, ${files.wms}`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}

module.exports = { render };
