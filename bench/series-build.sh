#!/bin/sh
# bench/series-build.sh PATCHED-TREE BUILT-DIR [TARGET...]: kbuild's own
# build of a patched tree, against the unpatched tree's, in one cell.
#
# BUILT-DIR is a cell's built kbuild dir from the cache (OUT/CELL/built
# names it: gen/prepare/build-kbuild.sh made it, `make all` of the
# unpatched tree, its log in BUILT-DIR/hdrtest-build.log).  A copy of it,
# and PATCHED-TREE (a copy of the tree with a series applied, by `git am`
# or `patch -p1`), are mounted where the originals are, in a private mount
# namespace (unshare -m), and `make -k TARGET...` (default all: vmlinux
# and modules) runs there: kbuild rebuilds what the series reaches, as in
# a developer's O= dir after `git am`.  A .git of PATCHED-TREE is hidden
# (a tmpfs over it) so that the version string stays the unpatched
# build's: otherwise setlocalversion adds the commit and every module is
# rebuilt for it.
#
# Prints the command, its exit code, the objects compiled again, the
# errors, and the warnings the unpatched build did not give (compared as
# file and text, line numbers left out: a patch moves lines).  Exit 0 when
# the build succeeds with no new warning, 1 otherwise, 2 on bad use.
# Needs root (mount).  The log is PATCHED-TREE.build-BUILTNAME.log (one per
# built dir: the same copy is built for several cells); KEEP=1 keeps the
# work dir.
#
# The work dir is a new one of mktemp -d, removed at the end.  RESUME=1
# goes on with a build that was stopped (a full arm64 build of a wide
# series takes hours on two cores): the work dir is then
# ${TMPDIR:-/var/tmp}/hdrtest-series-build.BUILTNAME and is kept; it must
# be a dir of the caller's that no one else can write (not a symlink),
# else the script refuses it (exit 2): another user could have made it
# first, with files that root would write through or run.  When its stamp
# names the same built dir and the same commit of PATCHED-TREE (a git
# tree), make goes on in it and the log is appended to, so the counts are
# of the whole build.  An object newer than its .cmd file was being
# written when the build stopped (kbuild writes the .cmd after the
# object), so it is deleted and compiled again.  Anything else starts over.
set -u
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"

usage() {
	echo "usage: bench/series-build.sh PATCHED-TREE BUILT-DIR [TARGET...]" >&2
	exit 2
}
[ $# -ge 2 ] || usage
patched=$(cd "$1" && pwd) || usage
built=$(cd "$2" && pwd) || usage
shift 2
targets=${*:-all}
stamp=$built/.hdrtest-built
[ -f "$stamp" ] || { echo "bench/series-build.sh: $built: no .hdrtest-built: not a built dir of the cache" >&2; exit 2; }
tree=$(sed -n 's/^tree //p' "$stamp" | head -n 1)
kvars=$(sed -n 's/^make //p' "$stamp" | head -n 1)
[ -d "$tree" ] || { echo "bench/series-build.sh: $stamp: tree $tree is gone" >&2; exit 2; }
if [ "$(id -u)" != 0 ] || ! unshare -m true 2>/dev/null; then
	echo "bench/series-build.sh: needs root and unshare -m (a private mount)" >&2
	exit 2
fi
log=$patched.build-${built##*/}.log
if [ "${RESUME:-0}" = 1 ]; then
	work=${TMPDIR:-/var/tmp}/hdrtest-series-build.${built##*/}
	head=$(git -C "$patched" rev-parse HEAD 2>/dev/null) ||
		{ echo "bench/series-build.sh: RESUME=1: $patched is not a git tree" >&2; exit 2; }
	want="$built $head"
	why=$(kept_work "$work") || { echo "bench/series-build.sh: RESUME=1: $why" >&2; exit 2; }
else
	work=$(fresh_work series-build) || exit 2
	[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT
	want=
fi
if [ -n "$want" ] && [ -f "$work/stamp" ] && [ "$(cat "$work/stamp")" = "$want" ]; then
	stale=$(find "$work/built" -name '*.o' -type f | while read -r o; do
		c=${o%/*}/.${o##*/}.cmd
		[ -f "$c" ] && [ "$o" -nt "$c" ] && { rm -f "$o"; echo "$o"; }
	done | grep -c .)
	echo "  going on with the build in $work ($stale objects cut short deleted)"
	echo "--- resumed $(date -u +%FT%TZ)" >> "$log"
else
	# the dir stays (ours, checked above); what an earlier build left goes
	find "$work" -mindepth 1 -maxdepth 1 -exec rm -rf {} + || exit 2
	cp -a "$built" "$work/built" || exit 2
	[ -n "$want" ] && echo "$want" > "$work/stamp"
	: > "$log"
fi
hide=
[ -d "$patched/.git" ] && hide="&& mount -t tmpfs none '$tree/.git'"
cmd="make -C $tree O=$built $kvars -k -j$(nproc) $targets"
echo "  $cmd"
echo "  (tree: $patched mounted at $tree; built dir: a copy of $built)"
start=$(date +%s)
# shellcheck disable=SC2086 # kvars and targets are word lists
unshare -m sh -c "mount --bind '$patched' '$tree' $hide && mount --bind '$work/built' '$built' && $cmd" >> "$log" 2>&1
rc=$?
end=$(date +%s)

# warnings as "FILE: TEXT", line and column left out
warnings() {
	sed -n 's/^\([^: ]*\):[0-9]*:[0-9]*: warning: \(.*\)$/\1: \2/p' "$1" | sort -u
}
warnings "$built/hdrtest-build.log" > "$work/before"
warnings "$log" > "$work/after"
new=$(comm -13 "$work/before" "$work/after")
nnew=$(printf '%s' "$new" | grep -c .)
echo "  rc $rc after $((end - start)) s: $(grep -c '^  CC ' "$log") objects compiled again," \
	"$(grep -c ': error: ' "$log") errors, $(grep -c ': warning: ' "$log") warnings" \
	"($nnew the unpatched build did not give; log $log)"
[ -n "$new" ] && printf '%s\n' "$new" | sed 's/^/    new: /' | head -n 20
[ "${KEEP:-0}" = 1 ] && [ "${RESUME:-0}" != 1 ] && echo "  work dir kept: $work"
[ "$rc" = 0 ] && [ "$nnew" = 0 ]
