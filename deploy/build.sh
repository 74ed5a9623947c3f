#!/usr/bin/env bash
# The image's build step (issue 23), run by deploy/Dockerfile and, outside any container, by CI (.ci/run "deploy recipe"):
#   deploy/build.sh <out dir>
# builds the portal (npm run build; SKIP_BUILD=1 when the checkout is built already), then assembles in <out dir> what
# runs in production — the server's dist and migrations, shared-api's dist, the built shell and remotes, the table of
# remotes — and installs the production dependencies of server and shared-api only (no devDependencies, no scripts).
# <out dir> is then started with deploy/start.sh. Needs Node >= 22.12 and npm (the registry, or its cache).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:?usage: deploy/build.sh <out dir>}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
[ "$OUT" != "$ROOT" ] || { echo "build.sh: <out dir> must not be the checkout" >&2; exit 1; }
cd "$ROOT"

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  npm run build
fi
[ -f server/dist/main.js ] && [ -f shared-api/dist/index.js ] && [ -f shell/dist/index.html ] \
  || { echo "build.sh: the portal is not built (server/dist, shared-api/dist, shell/dist)" >&2; exit 1; }

# The files that run, and package.json files naming only what runs: the root with the two workspaces server and
# shared-api, none of the three with devDependencies (npm's --omit=dev alone still installs some of a workspace's).
# The lockfile keeps the tested versions.
rm -rf "$OUT/server" "$OUT/shared-api" "$OUT/shell" "$OUT"/mf-* "$OUT/node_modules"
cp package-lock.json remotes.config.json remotes.json "$OUT/"
mkdir -p "$OUT/server" "$OUT/shared-api"
node -e '
  const fs = require("fs");
  const [root, out] = process.argv.slice(1);
  const strip = (from, to, extra) => {
    const p = JSON.parse(fs.readFileSync(from, "utf8"));
    for (const k of ["devDependencies", "scripts", "jest"]) delete p[k];
    fs.writeFileSync(to, JSON.stringify({ ...p, ...extra }, null, 2) + "\n");
  };
  strip(`${root}/package.json`, `${out}/package.json`, { workspaces: ["shared-api", "server"] });
  strip(`${root}/server/package.json`, `${out}/server/package.json`);
  strip(`${root}/shared-api/package.json`, `${out}/shared-api/package.json`);
' "$ROOT" "$OUT"
cp -r server/dist server/migrations "$OUT/server/"
cp -r shared-api/dist "$OUT/shared-api/"
for dist in shell/dist mf-*/dist; do mkdir -p "$OUT/$(dirname "$dist")" && cp -r "$dist" "$OUT/$(dirname "$dist")/"; done
# Source maps and build stats stay out of the image (the server answers them 404 anyway).
find "$OUT" -path "$OUT/node_modules" -prune -o -type f \( -name '*.map' -o -name '*stats.json' -o -name '.build-stamp' \) -print0 | xargs -0 rm -f
mkdir -p "$OUT/deploy" && cp deploy/start.sh "$OUT/deploy/"
[ -d releases ] && cp -r releases "$OUT/" || mkdir -p "$OUT/releases"

cd "$OUT"
npm install --omit=dev --no-audit --no-fund --ignore-scripts >"$OUT/.npm-install.log" 2>&1 \
  || { tail -40 "$OUT/.npm-install.log"; echo "build.sh: production install failed" >&2; exit 1; }
echo "build.sh: production tree in $OUT ($(du -sh "$OUT" | cut -f1))"
