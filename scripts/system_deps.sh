#!/bin/sh
# Install the Debian packages meja needs. With "compiler": a C compiler and the Python headers,
# for the compiled engine. With nothing: those, chromium for the browser tests, PostgreSQL
# for the database tests (they start a throwaway cluster of their own), Redis for the tests of
# several server processes (a throwaway server too), and Node.js and npm
# for type-checking the browser table's JavaScript (make typecheck).
set -eu
PYTHON="${PYTHON:-python3}"
missing=""
command -v "${CC:-cc}" >/dev/null 2>&1 || missing="$missing gcc libc6-dev"
"$PYTHON" -c 'import os, sysconfig, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
  || missing="$missing python3-dev"
if [ "${1:-}" != "compiler" ]; then
  command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
  command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
    || missing="$missing postgresql"
  command -v redis-server >/dev/null 2>&1 || missing="$missing redis-server"
  command -v node >/dev/null 2>&1 || missing="$missing nodejs"
  command -v npm >/dev/null 2>&1 || missing="$missing npm"
fi
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "system_deps.sh: please install:$missing (no apt-get here)" >&2
  exit 1
fi
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "installing Debian packages:$missing"
$SUDO apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
