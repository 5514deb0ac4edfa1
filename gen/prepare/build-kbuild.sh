#!/bin/sh
# build-kbuild.sh CELLDIR [TARGET...]: a built kbuild dir for the proof on
# kernel objects (hdrtest fix-consumers), kept in the cache beside the
# cell's prepared dir, as a developer keeps an O= dir.
#
# Reads CELLDIR/prepared (kdir=DIR, from prepare-kbuild.sh) and writes
# CELLDIR/built, one line:
#   built=DIR    the dir, its objects' .cmd files recording command and deps
#   skip=REASON  the cell has no prepared dir
#   error=REASON kbuild could not build it (log: DIR's hdrtest-build.log)
#
# TARGETs (default: all, i.e. vmlinux and modules) are kbuild targets; a
# test builds a few dirs ("mm/").  The dir is keyed by the prepared dir
# (whose name keys tree, config and compiler) and the targets.  Built
# once from a copy of the prepared dir (which the header TUs keep using),
# under a lock, with 'make -k': an object the tree itself fails to build
# is listed in the log and is not in the proof's set (no .cmd file); a
# build cut short goes on at the next call.  A
# dir of a moving tree (a series' scratch tree) is brought up to date by
# kbuild on every call, as a developer's O= dir after an edit.
set -eu

LC_ALL=C LANG=C LC_CTYPE=C LC_MESSAGES=C
export LC_ALL LANG LC_CTYPE LC_MESSAGES

die() { echo "hdrtest: error: $*" >&2; exit 1; }

[ $# -ge 1 ] || { echo "usage: $0 CELLDIR [TARGET...]" >&2; exit 2; }
cell=$1
shift
targets=${*:-all}

put() { printf '%s\n' "$2" > "$1.tmp" && mv "$1.tmp" "$1"; }

prepared=$(sed -n 's/^kdir=//p' "$cell/prepared" 2>/dev/null) || :
if [ -z "$prepared" ]; then
	put "$cell/built" "skip=no prepared kbuild dir: $(cat "$cell/prepared" 2>/dev/null || echo 'the cell was not prepared')"
	exit 0
fi
stamp=$prepared/.hdrtest-prepared
tree=$(sed -n 's/^tree //p' "$stamp")
kvars=$(sed -n 's/^make //p' "$stamp")
{ [ -n "$tree" ] && [ -n "$kvars" ]; } || die "$stamp: no 'tree' or 'make' line (prepared by another hdrtest?)"

slug=$(printf '%s' "$targets" | tr -c 'A-Za-z0-9_.\n-' '_')
cache=${prepared%/*/*}
built=$cache/built/${prepared##*/}-$slug
key=$(cat "$stamp"; echo "targets $targets"; cat "$0")
log=$built/hdrtest-build.log

mkdir -p "$cache/built" || die "cannot create $cache/built"
exec 9>>"$cache/built/.${built##*/}.lock"
if ! flock -n 9; then
	echo "  BUILD   waiting for another run building ${built##*/}" >&2
	flock 9
fi

moving=
grep -q '^tree-id moving' "$stamp" && moving=1
if [ -f "$built/.hdrtest-built" ] && printf '%s\n' "$key" | cmp -s - "$built/.hdrtest-built" && [ -z "$moving" ]; then
	put "$cell/built" "built=$built"
	exit 0
fi

if [ -f "$built/.hdrtest-building" ] && printf '%s\n' "$key" | cmp -s - "$built/.hdrtest-building"; then
	# a build of this key cut short (killed, the machine stopped): kbuild
	# goes on where it stopped, as in any O= dir (an object whose .cmd
	# file it did not write is built again)
	echo "  BUILD   ${built##*/}: going on with a build cut short" >&2
	# the log too: the warnings of the objects built before the cut count
	echo "hdrtest: going on with a build cut short" >> "$log"
elif [ ! -f "$built/.hdrtest-built" ] || ! printf '%s\n' "$key" | cmp -s - "$built/.hdrtest-built"; then
	# from nothing: a copy of the prepared dir, hdrtest's own files left out
	rm -rf "$built"
	mkdir -p "$built"
	for f in "$prepared"/* "$prepared"/.[!.]* "$prepared"/..?*; do
		[ -e "$f" ] || continue
		case ${f##*/} in
		.hdrtest-* | hdrtest-*) continue ;;
		esac
		cp -a "$f" "$built/"
	done
	printf '%s\n' "$key" > "$built/.hdrtest-building"
	: > "$log"
else
	# a moving tree: kbuild brings the dir up to date; the log is this call's
	: > "$log"
fi

echo "  BUILD   ${built##*/}: make $targets (a full build takes long on few cores; once per cache)" >&2
start=$(date +%s)
# shellcheck disable=SC2086 # kvars and targets are word lists
if make -C "$tree" O="$built" $kvars -k -j"${HT_BUILD_JOBS:-$(nproc)}" $targets >>"$log" 2>&1; then
	rc=0
else
	rc=$?
fi
end=$(date +%s)
failed=$(grep -c '^make\[[0-9]*\]: \*\*\* .*Error' "$log" || :)
printf '%s\n' "$key" > "$built/.hdrtest-built"
rm -f "$built/.hdrtest-building"
printf 'seconds %s\nexit %s\nfailed-steps %s\n' "$((end - start))" "$rc" "$failed" > "$built/.hdrtest-build-result"
if [ "$rc" -ne 0 ] && [ -z "$(find "$built" -name '.*.o.cmd' -print -quit)" ]; then
	put "$cell/built" "error=kbuild could not build $targets: $(grep -m1 -E 'error|Error' "$log" || echo "exit $rc") (log: $log)"
	exit 0
fi
echo "  BUILD   ${built##*/}: $((end - start)) s, exit $rc$([ "$failed" = 0 ] || echo ", $failed failed steps (log: $log)")" >&2
put "$cell/built" "built=$built"
