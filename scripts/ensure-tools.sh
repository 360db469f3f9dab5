#!/usr/bin/env bash
# What the suites run that npm cannot install, from Debian's packages: Chromium for the end-to-end
# suite (Playwright downloads no browser here) and haproxy for the instances suite (two servers
# behind a load balancer).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$chromium_path" ] || missing+=(chromium)
command -v haproxy >/dev/null || missing+=(haproxy)
if [ "${#missing[@]}" = "0" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]} for the test suites..."
  apt-get install -y "${missing[@]}" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y "${missing[@]}" >/dev/null; }
  exit 0
fi
echo "The test suites need Debian's ${missing[*]} (sudo apt-get install -y ${missing[*]}; CHROMIUM_PATH names another Chromium)." >&2
exit 1
