#!/bin/sh
# bench/census-shards.sh: the include/linux census on CELLS (default the
# two default cells, x86_64 and arm64 defconfig) as one run and as SHARDS
# shards (default 4) merged, on this machine one shard after the other, as
# N CI runners would run them side by side:
#
#   one run      make selftest-headers with the census catalog
#   shard I/N    make selftest-headers SHARD=I/N COSTS=<the one run's
#                costs.tsv> into its own OUT: its wall time, TUs, and the
#                size of its OUT (a CI artifact) raw and as a gzip'd tar
#   merge        make merge of the shards' OUTs
#   same files   results.tsv and results.ktap byte for byte, results.xml
#                and report.html once the OUT paths are made equal
#
# The kbuild dirs are prepared beforehand (not timed).  bench/scale.sh
# turns the costs of this and of the full matrix into the table of
# doc/ci-and-shards.md ("Scale").
set -u
cd "$(dirname "$0")/.." || exit 1

archs=${ARCHS:-x86_64 arm64}
configs=${CONFIGS:-defconfig}
n=${SHARDS:-4}
out=$(pwd)/out/bench-shards
logs=out/bench-logs
kdir=${KDIR:+KDIR=$KDIR}

# shellcheck source=bench/lib.sh
. bench/lib.sh
sel() { # sel OUT CATALOG [make args...]
	o=$1
	c=$2
	shift 2
	# shellcheck disable=SC2086 # kdir is empty or one word
	make --no-print-directory selftest-headers $kdir OUT="$o" ARCHS="$archs" CONFIGS="$configs" CATALOG="$c" "$@"
}

mkdir -p "$logs" || exit 1
rm -rf "$out"
mkdir -p "$out" || exit 1
cat=$out/census.cat
# shellcheck disable=SC2086
make -s --no-print-directory catalog-init $kdir INIT_OUT="$cat" \
	PATTERNS="linux/*.h linux/*/*.h linux/*/*/*.h linux/*/*/*/*.h" || exit 1
catalog="catalog/arches.cat catalog/configs.cat $cat"

# the cells' kbuild dirs, prepared with the small mm catalog (not timed)
sel "$out/warm" "catalog/arches.cat catalog/configs.cat catalog/mm.cat" > "$logs/shards-warm.log" 2>&1

t=$(now)
sel "$out/one" "$catalog" > "$logs/shards-one.log" 2>&1
one=$(since "$t")
tus=$(cat "$out"/one/*/*/tus | grep -c .)

printf '%-44s %10s  %s\n' "measure" "value" "note"
printf '%-44s %9ss  %s\n' "census, one run" "$one" "$(grep -c . "$out/one/cells") cells, $tus TUs"
shards=
max=0
for i in $(seq 1 "$n"); do
	t=$(now)
	sel "$out/shard-$i" "$catalog" SHARD="$i/$n" COSTS="$out/one/costs.tsv" > "$logs/shards-$i.log" 2>&1
	s=$(since "$t")
	max=$(echo "$max $s" | awk '{ print ($2 > $1) ? $2 : $1 }')
	own=$(grep -c '^  CC ' "$logs/shards-$i.log")
	kb=$(du -sk "$out/shard-$i" | cut -f1)
	gz=$(tar -C "$out" -czf - "shard-$i" | wc -c)
	printf '%-44s %9ss  %s\n' "shard $i/$n" "$s" \
		"$own TUs, $(grep -c . "$out/shard-$i/cells") cells planned; OUT $((kb / 1024)) MB, $((gz / 1048576)) MB gzip'd"
	shards="$shards $out/shard-$i"
done
t=$(now)
make --no-print-directory merge OUT="$out/merged" SHARDS="${shards# }" > "$logs/shards-merge.log" 2>&1
merge=$(since "$t")
printf '%-44s %9ss  %s\n' "merge of the $n shards" "$merge" "$(tail -n 1 "$out/merged/report.txt")"
printf '%-44s %9ss  %s\n' "slowest shard + merge" "$(echo "$max $merge" | awk '{ printf "%.2f", $1 + $2 }')" \
	"the wall time on $n runners (setup aside)"
for f in results.tsv results.ktap; do
	same=same
	cmp -s "$out/one/$f" "$out/merged/$f" || same=DIFFERENT
	printf '%-44s %10s  %s\n' "merged $f" "$same" "byte for byte"
done
for f in results.xml report.html; do
	same=same
	sed "s|$out/one|OUT|g" "$out/one/$f" > "$out/one.$f.norm"
	sed "s|$out/merged|OUT|g" "$out/merged/$f" | cmp -s - "$out/one.$f.norm" || same=DIFFERENT
	printf '%-44s %10s  %s\n' "merged $f" "$same" "OUT paths made equal"
done
