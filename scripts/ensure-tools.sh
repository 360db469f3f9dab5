#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (Playwright downloads no browser here).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the end-to-end tests..."
  apt-get install -y chromium >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y chromium >/dev/null; }
  exit 0
fi
echo "The end-to-end tests need Chromium at $chromium_path: install Debian's 'chromium' package (sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1
