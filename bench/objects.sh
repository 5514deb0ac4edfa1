#!/bin/sh
# bench/objects.sh: the proof on objects of `make fix-consumers` against
# kbuild's own incremental rebuild of the same edit, in one cell (CELL,
# default x86_64/defconfig; its built dir is made first if the cache has
# none: a whole kernel build, not timed here).
#
#   proof        hdrtest fix-consumers's proof on objects (every object
#                whose recorded deps name the cut header, own command,
#                -o /dev/null), as it reports it; with --syntax-only too
#   kbuild       `make -k all` in a copy of the built dir, on a copy of
#                the tree with only the cuts made, both mounted where the
#                originals are (a private mount namespace: unshare -m) so
#                that kbuild sees the same paths, as a developer's O= dir
#                sees an edit
#   same broken  the objects the proof found broken by the cuts alone
#                (broken, or needed an edit) against those kbuild failed
#                to build ("*** [...: OBJ] Error")
#   ratio        proof / kbuild
#
# FROM=OUTDIR takes a finished `make fix-consumers OUT=OUTDIR` of the cell
# (and OUTDIR.log, what it printed) instead of running it.  Needs root
# (mount); a skip says so.  Wall-clock seconds.
set -u
cd "$(dirname "$0")/.." || exit 1

cell=${CELL:-x86_64/defconfig}
arch=${cell%%/*}
config=${cell#*/}
out=$(pwd)/out/bench-objects
logs=out/bench-logs
# shellcheck source=bench/lib.sh
. bench/lib.sh

mkdir -p "$logs" || exit 1
rm -rf "$out" "$out-syntax"
if [ -n "${FROM:-}" ]; then
	# a finished make fix-consumers OUT of the same cell, and what it printed
	cp -a "$FROM" "$out" && cp "$FROM.log" "$logs/objects.log" || exit 1
else
	make --no-print-directory fix-consumers OUT="$out" ARCHS="$arch" CONFIGS="$config" > "$logs/objects.log" 2>&1
fi
proof=$(sed -n 's/^hdrtest fix-consumers: proof on objects took \([0-9.]*\) s$/\1/p' "$logs/objects.log")
tsv=$out/fix-consumers/objects.tsv
{ [ -n "$proof" ] && [ -s "$tsv" ]; } || { echo "bench/objects.sh: make fix-consumers gave no proof (see $logs/objects.log)" >&2; exit 1; }
compiled=$(grep -c . "$tsv")
awk -F '\t' '$4 != "ok" { print $2 }' "$tsv" | sort -u > "$out.proof-broken"

# the same with -fsyntax-only: the same verdict on every object?
cp -a "$out" "$out-syntax"
out/bin/hdrtest fix-consumers --out "$out-syntax" --jobs "$(nproc)" --syntax-only "$cell" > "$logs/objects-syntax.log" 2>&1
syntax=$(sed -n 's/^hdrtest fix-consumers: proof on objects took \([0-9.]*\) s$/\1/p' "$logs/objects-syntax.log")
cut -f1-4 "$tsv" > "$out.full4"
cut -f1-4 "$out-syntax/fix-consumers/objects.tsv" > "$out.syntax4" 2>/dev/null
if cmp -s "$out.full4" "$out.syntax4"; then
	same_syntax=yes
else
	same_syntax="no: $(diff "$out.full4" "$out.syntax4" | grep -c '^[<>]') lines of objects.tsv differ"
fi

printf '%-44s %9ss  %s\n' "proof on objects ($cell)" "$proof" "$compiled objects compiled, $(grep -c . "$out.proof-broken") broken by the cuts"
printf '%-44s %9ss  %s\n' "  with -fsyntax-only" "${syntax:-?}" "same verdict on every object: $same_syntax"

built=$(sed -n 's/^built=//p' "$out/$cell/built")
tree=$(sed -n 's/^tree //p' "$built/.hdrtest-built" | head -n 1)
kvars=$(sed -n 's/^make //p' "$built/.hdrtest-built" | head -n 1)
if [ "$(id -u)" != 0 ] || ! unshare -m true 2>/dev/null; then
	printf '%-44s %10s  %s\n' "kbuild incremental, same edit" "SKIP" "needs root and unshare -m (a private mount)"
	exit 0
fi
work=$(fresh_work bench-objects) || exit 1
trap 'rm -rf "$work"' EXIT
cp -a "$tree" "$work/tree" && cp -a "$built" "$work/built" || exit 1
# only the cuts: the edits objects needed come after, in the series
for h in $(cut -f3 "$tsv" | sort -u); do
	[ "$h" = - ] || cp "$out/fix-consumers/tree/$h" "$work/tree/$h" || exit 1
done
t=$(now)
# shellcheck disable=SC2086 # kvars is a word list
unshare -m sh -c "mount --bind '$work/tree' '$tree' && mount --bind '$work/built' '$built' &&
	make -C '$tree' O='$built' $kvars -k -j$(nproc) all" > "$logs/objects-kbuild.log" 2>&1
kbuild=$(since "$t")
rebuilt=$(grep -c '^  CC ' "$logs/objects-kbuild.log")
sed -n 's/^make\[[0-9]*\]: \*\*\* \[[^]]*: \([^]]*\.[os]\)\] Error .*/\1/p' "$logs/objects-kbuild.log" | sort -u > "$out.kbuild-broken"
if cmp -s "$out.proof-broken" "$out.kbuild-broken"; then
	same="yes ($(grep -c . "$out.kbuild-broken") objects)"
else
	same="no: proof $(grep -c . "$out.proof-broken"), kbuild $(grep -c . "$out.kbuild-broken") ($out.*-broken)"
fi
printf '%-44s %9ss  %s\n' "kbuild incremental, same edit (make -k)" "$kbuild" "$rebuilt objects compiled again"
printf '%-44s %10s  %s\n' "same broken objects" "" "$same"
printf '%-44s %9sx  %s\n' "proof / kbuild incremental" "$(ratio "$proof" "$kbuild")" "-fsyntax-only: $(ratio "${syntax:-0}" "$kbuild")x"
