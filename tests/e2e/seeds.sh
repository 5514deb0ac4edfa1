#!/bin/sh
# Shared set-up of kbuild dirs, on the real tree, from an empty cache: a
# derived config (x86_64/fsdax) starts from its seed's dir (x86_64/
# defconfig, prepared first), a config with no seed (i386/defconfig) takes
# the host tools of a dir already there, and neither changes a verdict:
# the same cells prepared each from nothing (HDRTEST_PREPARE_SEEDS=0) give
# the same results.tsv.
# Prints "ok"/"not ok" lines and "seeds: N passed, N failed, N skipped".
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
. "$here/lib.sh"

work=$top/out/e2e-seeds
rm -rf "$work"
mkdir -p "$work"
tree=$(make --no-print-directory -s tree-path)

# job NAME CACHE ARCHS CONFIGS [VAR=value...]: the main job, in NAME.log
job() {
	n=$1 c=$2 a=$3 cf=$4
	shift 4
	env "$@" make --no-print-directory selftest-headers KDIR="$tree" HDRTEST_CACHE="$c" OUT="$work/$n" \
		ARCHS="$a" CONFIGS="$cf" > "$work/$n.log" 2>&1
	rc=$?
}
# prepare_log CACHE ARCH-CONFIG: the kbuild log of that cell's dir
prepare_log() { cat "$1"/kbuild/"$2"-*/hdrtest-prepare.log 2>/dev/null; }
line_of() { grep -n "$1" "$2" | head -n 1 | cut -d: -f1; }
# ran NAME: the run compiled every TU, none skipped or errored (the tree
# has failures: make exits 2 for those too, so its status says less)
ran() { compiled "$work/$1/results.tsv"; }
seeded_from() { prepare_log "$shared" x86_64-fsdax | grep -q "^  (from $shared/kbuild/x86_64-defconfig-"; }
host_tools_from() { prepare_log "$shared" i386-defconfig | grep -q "^  (host tools from $shared/kbuild/x86_64-"; }

# The x86_64/defconfig dir of this tree, when the user's cache has it
# complete (make selftest-headers made it, from nothing): a copy starts
# both test caches, so that the one prepare from nothing that is the same
# in both is not made twice more (each costs most of a minute).  Without
# it, the runs prepare it.
user_cache=$(make --no-print-directory -s cache-path)
start_cache() { # start_cache CACHE
	mkdir -p "$1/kbuild"
	for d in "$user_cache"/kbuild/x86_64-defconfig-*; do
		[ -f "$d/.hdrtest-prepared" ] && [ "$(head -n 1 "$d/.hdrtest-prepared")" = "tree $tree" ] || continue
		cp -a "$d" "$1/kbuild/" && return 0
	done
}

echo "# seeds: a derived config from its seed's dir, host tools from another dir"
shared=$work/cache-shared
start_cache "$shared"
job fsdax "$shared" x86_64 "fsdax defconfig"
check "x86_64 defconfig and fsdax from an empty cache: every TU compiled, none skipped" ran fsdax
check "... the seed (defconfig) is ready before fsdax is prepared, though fsdax comes first in CONFIGS" \
	test "$(line_of '\(PREPARED\|REUSE\).* x86_64/defconfig' "$work/fsdax.log")" -lt \
	"$(line_of 'PREPARE .* x86_64/fsdax' "$work/fsdax.log")"
check "... fsdax starts from a copy of defconfig's dir" seeded_from
check "... and does not run 'make defconfig' again" \
	test -z "$(prepare_log "$shared" x86_64-fsdax | grep "Default configuration is based on")"
check "... nor copies hdrtest's own files of the seed (its stamp is its own)" \
	test "$(grep -c '^base ' "$shared"/kbuild/x86_64-fsdax-*/.hdrtest-prepared)" -eq 1 -a \
	-z "$(grep -l 'x86_64/defconfig' "$shared"/kbuild/x86_64-fsdax-*/.hdrtest-note 2>/dev/null)"
check "... and the fragment is in fsdax's .config" \
	grep -qx 'CONFIG_FS_DAX=y' "$shared"/kbuild/x86_64-fsdax-*/.config

job i386 "$shared" i386 defconfig
check "i386 defconfig, with x86_64's dirs in the cache: every TU compiled, none skipped" ran i386
check "... and takes the host tools from one of them" host_tools_from
check "... so kconfig's conf is not built again" \
	test -z "$(prepare_log "$shared" i386-defconfig | grep 'HOSTCC  *scripts/kconfig/')"

echo "# seeds: the same cells, each prepared from nothing, give the same verdicts"
alone=$work/cache-alone
start_cache "$alone"
job alone "$alone" "x86_64 i386" "defconfig fsdax" HDRTEST_PREPARE_SEEDS=0
check "HDRTEST_PREPARE_SEEDS=0 on the three cells: every TU compiled, none skipped" ran alone
check "... with no seed and no host tools taken" \
	test -z "$(cat "$alone"/kbuild/*/hdrtest-prepare.log | grep '^  (from \|^  (host tools from ')"
sort "$work/fsdax/results.tsv" "$work/i386/results.tsv" > "$work/shared.tsv"
sort "$work/alone/results.tsv" > "$work/alone.tsv"
check "... and results.tsv is the same with and without shared set-up ($(grep -c . "$work/alone.tsv") verdicts)" \
	same_file "$work/alone.tsv" "$work/shared.tsv"
check "... which has verdicts for all three cells" \
	test "$(cut -f1,2 "$work/alone.tsv" | sort -u | wc -l)" -eq 3

summary seeds
[ "$fail" -eq 0 ]
