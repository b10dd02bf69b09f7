#!/usr/bin/env bash
# Installs what the real-editor tests (npm run test:editors) drive, on Debian 12 (bookworm):
#   - from apt: chromium (headless UI tests), neovim (second LSP client), and ripgrep + libkrb5-dev, which
#     code-server's install needs (see ../shared/docs/real-editor-testing.md, "Pitfalls");
#   - from npm: code-server 4.100.3 (VS Code 1.100.3, the last release for Node 20) into tools/code-server/,
#     pinned by tools/code-server/package-lock.json and kept out of the project's own dependencies.
# Safe to run again: what is already there is kept.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "[setup:editors] $*"; }

missing=()
for pkg in chromium neovim ripgrep libkrb5-dev; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  say "apt-get install ${missing[*]}"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "${missing[@]}"
else
  say "apt packages present: chromium neovim ripgrep libkrb5-dev"
fi

dir="tools/code-server"
bin="$dir/node_modules/.bin/code-server"
scratch="$PWD/$dir/.tmp"
mkdir -p "$scratch"
version_of() { XDG_CONFIG_HOME="$scratch/xdg" XDG_DATA_HOME="$scratch/xdg" "$bin" --version 2>/dev/null | grep -m1 'with Code' || true; }
if [ -x "$bin" ] && version_of | grep -q '^4\.100\.3 '; then
  say "code-server present: $(version_of)"
  exit 0
fi

# @vscode/ripgrep's postinstall downloads rg from GitHub; it first looks in os.tmpdir() for this archive,
# so Debian's rg 13 (the version code-server pins) is put there.
export TMPDIR="$scratch"
mkdir -p "$TMPDIR/vscode-ripgrep-cache-1.15.11"
tar czf "$TMPDIR/vscode-ripgrep-cache-1.15.11/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C "$(dirname "$(command -v rg)")" rg

say "npm ci in $dir (code-server 4.100.3: about 300 MB, compiles native modules)"
# Root needs unsafe-perm for code-server's postinstall; node-pty's install runs npx, which needs a yes.
(cd "$dir" && npm_config_unsafe_perm=true npm_config_yes=true npm ci --no-audit --no-fund)
say "installed: $(version_of)"
