#!/bin/sh
# deps.sh PACKAGE...
#
# Install the Debian packages that are missing, and nothing else.  Quiet
# when everything is there already, so every make target can call it.
set -eu

missing=
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
[ -n "$missing" ] || exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "hdrtest: error: missing Debian packages:$missing" >&2
	echo "hdrtest: install them with: sudo apt-get install$missing" >&2
	exit 1
fi
echo "hdrtest: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086 # word splitting of the package list is wanted
apt-get install -y -q --no-install-recommends $missing >/dev/null ||
	{ apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends $missing >/dev/null; } ||
	{ echo "hdrtest: error: apt-get install$missing failed" >&2; exit 1; }
