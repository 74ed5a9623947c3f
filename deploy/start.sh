#!/bin/sh
# The image's start step (issue 23), run by deploy/Dockerfile's CMD and by CI on the tree deploy/build.sh made:
#   deploy/start.sh          (from that tree; environment as README "Deploying": DATABASE_URL, PORT, TRUST_PROXY, …)
# Runs the server in the foreground as PID 1's child-less process (exec), so SIGTERM from `docker stop` or the
# orchestrator reaches it: /api/ready answers 503, in-flight requests finish, exit 0.
set -eu
cd "$(dirname "$0")/.."
[ -f server/dist/main.js ] || { echo "start.sh: run from the tree deploy/build.sh made" >&2; exit 1; }
export NODE_ENV="${NODE_ENV:-production}"
exec node server/dist/main.js
