#!/bin/sh
# deps.sh PACKAGE...
#
# Install the Debian packages that are missing, and nothing else.  Quiet
# when everything is there already, and one dpkg-query for the whole list,
# so that every make target (the tool's own build first) can call it.
set -eu

[ $# -gt 0 ] || exit 0

# Every package dpkg knows as installed; the rest are missing.
installed=$(dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null |
	awk '$NF == "installed" && $(NF-1) == "ok" { print $1 }')
installed=" $(echo $installed) "
missing=
for p in "$@"; do
	case $installed in
	*" $p "*) ;;
	*) missing="$missing $p" ;;
	esac
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
