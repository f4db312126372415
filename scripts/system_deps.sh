#!/bin/sh
# Install the Debian packages the test suite needs (chromium for browser tests, PostgreSQL).
set -eu
missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
[ -x /usr/lib/postgresql/15/bin/initdb ] || command -v initdb >/dev/null 2>&1 || missing="$missing postgresql"
[ -z "$missing" ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "installing Debian packages:$missing"
$SUDO apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
