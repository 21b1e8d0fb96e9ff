#!/usr/bin/env bash
# Installs Debian's Chromium for the real-browser tests when it is missing and apt is usable.
# Never fails the build: without Chromium those tests skip and say why.
[ -x /usr/bin/chromium ] && exit 0
command -v apt-get >/dev/null 2>&1 || { echo "chromium: no apt-get here; browser tests will skip"; exit 0; }
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "chromium: not root and no passwordless sudo; browser tests will skip"; exit 0
  fi
fi
echo "Installing Debian's chromium for the browser tests..."
$SUDO apt-get update -qq >/dev/null 2>&1
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null 2>&1 \
  || echo "chromium: apt-get install failed; browser tests will skip"
exit 0
