#!/bin/sh
# deps.sh [--cells] PACKAGE...
#
# Install the Debian packages that are missing, and nothing else.  Quiet
# when everything is there already, and one dpkg-query for the whole list,
# so that every make target (the tool's own build first) can call it.
#
# Without root nothing can be installed: the missing packages and the
# apt-get line that installs them are printed, and the exit status is 1.
# With --cells the packages are the toolchains of a run's cells: what
# cannot be installed is said, and the exit status is 0, since each cell
# that lacks its toolchain is a skip naming the package (prepare checks).
set -eu

cells=
[ "${1:-}" != --cells ] || { cells=1; shift; }
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

# cannot WHAT: say it; fail, unless the cells will skip for it.
cannot() {
	if [ -n "$cells" ]; then
		echo "hdrtest: $1:$missing: the cells that need them are skipped" >&2
		[ -z "${2:-}" ] || echo "hdrtest: $2" >&2
		exit 0
	fi
	echo "hdrtest: error: $1:$missing" >&2
	[ -z "${2:-}" ] || echo "hdrtest: $2" >&2
	exit 1
}

[ "$(id -u)" -eq 0 ] ||
	cannot "missing Debian packages" "install them with: sudo apt-get install$missing"

echo "hdrtest: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp "${TMPDIR:-/tmp}/hdrtest-apt.XXXXXX")
trap 'rm -f "$log"' EXIT
# A root whose package lists were never fetched (a container image, a
# fresh chroot) knows no package at all: fetch them first, rather than
# fail once and print apt's "Unable to locate package" for each.
if ! ls /var/lib/apt/lists/*_Packages* >/dev/null 2>&1; then
	apt-get update -q >"$log" 2>&1 || { sed 's/^/  /' "$log" >&2; cannot "apt-get update failed: cannot install"; }
fi
# apt's own words are shown only when the install fails for good; stale
# lists (a package moved to a new version) are fetched again once.
# shellcheck disable=SC2086 # word splitting of the package list is wanted
apt-get install -y -q --no-install-recommends $missing >"$log" 2>&1 ||
	{ apt-get update -q >>"$log" 2>&1 && apt-get install -y -q --no-install-recommends $missing >>"$log" 2>&1; } ||
	{ grep -E '^(E|W): ' "$log" | sed 's/^/  /' >&2; cannot "apt-get install failed"; }
