#!/bin/sh
# bench/move.sh: make move's proof on objects against kbuild's own
# incremental rebuild of the same edit, in one cell (CELL, default
# x86_64/defconfig; its built dir is made first if the cache has none: a
# whole kernel build, not timed here).  SYMBOLS and TO: the move (default
# memory_failure_queue into linux/mm/memory_failure.h).
#
#   proof        hdrtest move --verify-objects: every object whose
#                recorded deps name FROM preprocessed before and after,
#                those whose tokens are not the same program compiled
#                (the token shortcut), as summary.txt reports it; the
#                texts before the move are not in the cache (its pp/
#                removed first), and the proof keeps them there
#   warm         the same proof again: the texts before come from the
#                cache, as they do for any proof on a tree an earlier
#                proof saw as it is (a move tried again, another move)
#   no tokens    the same proof compiling every one of them
#   kbuild       `make -k all` in a copy of the built dir, on a copy of
#                the tree with the move made, both mounted where the
#                originals are (a private mount namespace: unshare -m),
#                as a developer's O= dir sees the edit
#   same verdict objects.tsv of the proof against the one of no tokens,
#                and the objects the proof found broken against those
#                kbuild failed to build
#   ratio        proof / kbuild, cold and warm
#
# Needs root for the kbuild row (mount); a skip says so.  Wall-clock
# seconds.
set -u
cd "$(dirname "$0")/.." || exit 1

cell=${CELL:-x86_64/defconfig}
arch=${cell%%/*}
config=${cell#*/}
symbols=${SYMBOLS:-memory_failure_queue}
to=${TO:-linux/mm/memory_failure.h}
out=$(pwd)/out/bench-move
logs=out/bench-logs
# shellcheck source=bench/lib.sh
. bench/lib.sh

mkdir -p "$logs" || exit 1
rm -rf "$out"
cache=$(make -s --no-print-directory cache-path) || exit 1
# a cold proof: no text before the move cached (every cell's pp/ goes)
rm -rf "$cache/pp"
make --no-print-directory move OUT="$out" ARCHS="$arch" CONFIGS="$config" SYMBOLS="$symbols" TO="$to" \
	VERIFY=objects > "$logs/move.log" 2>&1
rc=$?
sum=$out/move/summary.txt
tsv=$out/move/objects.tsv
took() { sed -n 's/^  [0-9]* object compiles; the proof took \([0-9.]*\) s$/\1/p' "$1"; }
# same_verdict FILE: whether FILE (objects.tsv's first four columns, of
# another proof) says what the token proof said of every object
same_verdict() {
	if cmp -s "$out.tokens4" "$1"; then
		echo "yes"
	else
		echo "no: $(diff "$out.tokens4" "$1" | grep -c '^[<>]') lines of objects.tsv differ"
	fi
}
proof=$(took "$sum" 2>/dev/null)
{ [ -n "$proof" ] && [ -s "$tsv" ]; } ||
	{ echo "bench/move.sh: make move gave no proof on objects (exit $rc, see $logs/move.log)" >&2; exit 1; }
read_n=$(grep -c . "$tsv")
skipped=$(grep -c 'not compiled$' "$tsv")
cp "$tsv" "$out.tokens.tsv"
cp "$sum" "$out.tokens.txt"
awk -F '\t' '$4 != "ok" { print $2 }' "$tsv" | sort -u > "$out.proof-broken"

out/bin/hdrtest move --out "$out" --symbols "$symbols" --to "$to" --verify-objects --no-tokens \
	--jobs "$(nproc)" "$cell" > "$logs/move-all.log" 2>&1
all=$(took "$sum")
cut -f1-4 "$out.tokens.tsv" > "$out.tokens4"
cut -f1-4 "$tsv" > "$out.all4"
same_all=$(same_verdict "$out.all4")

printf '%-44s %9ss  %s\n' "move proof on objects ($cell)" "$proof" \
	"$read_n objects read FROM, $skipped not compiled (same program), $(grep -c . "$out.proof-broken") broken"
printf '%-44s %9ss  %s\n' "  every object compiled (--no-tokens)" "${all:-?}" "same verdict on every object: $same_all"

out/bin/hdrtest move --out "$out" --symbols "$symbols" --to "$to" --verify-objects --cache "$cache" \
	--jobs "$(nproc)" "$cell" > "$logs/move-warm.log" 2>&1
warm=$(took "$sum")
hits=$(sed -n 's/^  the texts before the move from the cache: \(.*\)$/\1/p' "$sum")
cut -f1-4 "$tsv" > "$out.warm4"
same_warm=$(same_verdict "$out.warm4")
printf '%-44s %9ss  %s\n' "  again, texts before from the cache" "${warm:-?}" \
	"${hits:-?} texts from the cache; same verdict on every object: $same_warm"

built=$(sed -n 's/^built=//p' "$out/$cell/built")
tree=$(sed -n 's/^tree //p' "$built/.hdrtest-built" | head -n 1)
kvars=$(sed -n 's/^make //p' "$built/.hdrtest-built" | head -n 1)
if [ "$(id -u)" != 0 ] || ! unshare -m true 2>/dev/null; then
	printf '%-44s %10s  %s\n' "kbuild incremental, same edit" "SKIP" "needs root and unshare -m (a private mount)"
	exit 0
fi
work=$(fresh_work bench-move) || exit 1
trap 'rm -rf "$work"' EXIT
cp -a "$tree" "$work/tree" && cp -a "$built" "$work/built" || exit 1
# the move: FROM's and TO's new texts, from the overlay the proof used
from=$(sed -n 's/^hdrtest move: \(.*\) to .*$/\1/p' "$sum")
cp "$out/move/overlay/$from" "$work/tree/include/$from" &&
	mkdir -p "$(dirname "$work/tree/include/$to")" &&
	cp "$out/move/overlay/$to" "$work/tree/include/$to" || exit 1
t=$(now)
# shellcheck disable=SC2086 # kvars is a word list
unshare -m sh -c "mount --bind '$work/tree' '$tree' && mount --bind '$work/built' '$built' &&
	make -C '$tree' O='$built' $kvars -k -j$(nproc) all" > "$logs/move-kbuild.log" 2>&1
kbuild=$(since "$t")
rebuilt=$(grep -c '^  CC ' "$logs/move-kbuild.log")
sed -n 's/^make\[[0-9]*\]: \*\*\* \[[^]]*: \([^]]*\.[os]\)\] Error .*/\1/p' "$logs/move-kbuild.log" |
	sort -u > "$out.kbuild-broken"
if cmp -s "$out.proof-broken" "$out.kbuild-broken"; then
	same="yes ($(grep -c . "$out.kbuild-broken") objects)"
else
	same="no: proof $(grep -c . "$out.proof-broken"), kbuild $(grep -c . "$out.kbuild-broken") ($out.*-broken)"
fi
printf '%-44s %9ss  %s\n' "kbuild incremental, same edit (make -k)" "$kbuild" "$rebuilt objects compiled again"
printf '%-44s %10s  %s\n' "same broken objects as kbuild" "" "$same"
printf '%-44s %9sx  %s\n' "move proof / kbuild incremental" "$(ratio "$proof" "$kbuild")" \
	"texts before cached: $(ratio "${warm:-0}" "$kbuild")x; every object compiled: $(ratio "${all:-0}" "$kbuild")x"
