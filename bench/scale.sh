#!/bin/sh
# bench/scale.sh: the wall time of the include/linux census over the whole
# matrix on R CI runners, from measured costs (doc/ci-and-shards.md, "Scale"):
#
#   PREPARED   a log of a cold full-matrix run (its "PREPARED CELL in N s"
#              lines: what preparing each cell costs on a runner without it)
#   MATRIX     that run's costs.tsv (each cell's mean TU time, mm catalog)
#   CENSUS     a census run's costs.tsv (bench/census-shards.sh: the TU
#              times of the census on its cells) and its catalog
#   TU_MS      instead of CENSUS: the mean core-ms of one census TU on
#              x86_64/defconfig (bench/census.sh: floor x cores / TUs)
#   SETUP      seconds a runner spends before its first cell (toolchains,
#              tree, building hdrtest; default 120)
#   RUNNERS    the runner counts (default "1 10 40 200"), CORES per runner (2)
#
# A cell's census cost is its TU count times its mean census TU time;
# cells the census did not run are scaled from x86_64/defconfig by their
# mean TU time in MATRIX.  Up to one runner per cell, cells go whole to
# the least loaded runner, longest first (as hdrtest shards); beyond that a
# cell's TUs are split among several runners, each of which prepares it.
set -u
cd "$(dirname "$0")/.." || exit 1
prepared=${PREPARED:-out/bench-logs/cold.log}
matrix=${MATRIX:-out/bench/costs.tsv}
census=${CENSUS:-out/bench-shards/one/costs.tsv}
census_cat=${CENSUS_CAT:-out/bench-shards/census.cat}
setup=${SETUP:-120}
runners=${RUNNERS:-1 10 40 200}
cores=${CORES:-2}
tu_ms=${TU_MS:-}
[ -z "$tu_ms" ] || census=/dev/null
for f in "$prepared" "$matrix" "$census" "$census_cat"; do
	[ -e "$f" ] || { echo "bench/scale.sh: $f: no such file (see the comment at the top)" >&2; exit 1; }
done
ntu=$(grep '^header ' "$census_cat" | grep -vc ' skip ')

awk -v tu_ms="$tu_ms" -v ntu="$ntu" -v setup="$setup" -v cores="$cores" -v runners="$runners" '
FILENAME == ARGV[1] && /^  PREPARED / { for (i = 2; i < NF; i++) if ($(i + 1) == "in") prep[$i] = $(NF - 1); next }
FILENAME == ARGV[2] && $1 == "tu" { cells[$2] = 1; msum[$2] += $4; mn[$2]++; next }
FILENAME == ARGV[3] && $1 == "tu" && tu_ms == "" { csum[$2] += $4; cn[$2]++; next }
END {
	# what each cell costs: prepare (s) and its census TUs (s of one core)
	np = 0
	for (c in prep) { ps += prep[c]; np++ }
	ref = "x86_64/defconfig"
	refmean = msum[ref] / mn[ref]
	refcensus = tu_ms != "" ? tu_ms : csum[ref] / cn[ref]
	C = 0
	for (c in cells) {
		C++
		name[C] = c
		p[C] = (c in prep) ? prep[c] : ps / np
		m = (c in cn) ? csum[c] / cn[c] : refcensus * (msum[c] / mn[c]) / refmean
		t[C] = ntu * m / 1000
		total_t += t[C]
		total_p += p[C]
	}
	printf "%-44s %10d  %s\n", "cells", C, "full matrix"
	printf "%-44s %10d  %s\n", "census TUs per cell", ntu, "include/linux, not skipped"
	printf "%-44s %9.0fs  %s\n", "prepares, summed", total_p, "from the PREPARED lines (cold)"
	printf "%-44s %9.0fs  %s\n", "census TUs, summed (one core)", total_t, sprintf("%d TUs", C * ntu)
	n = split(runners, R, " ")
	for (k = 1; k <= n; k++) {
		r = R[k] + 0
		if (r <= C) {
			# longest first, each to the least loaded runner
			for (i = 1; i <= C; i++) { idx[i] = i; cost[i] = p[i] + t[i] / cores }
			for (i = 1; i <= C; i++) for (j = i + 1; j <= C; j++)
				if (cost[idx[j]] > cost[idx[i]]) { x = idx[i]; idx[i] = idx[j]; idx[j] = x }
			for (j = 1; j <= r; j++) load[j] = 0
			for (i = 1; i <= C; i++) {
				best = 1
				for (j = 2; j <= r; j++) if (load[j] < load[best]) best = j
				load[best] += cost[idx[i]]
			}
			w = 0
			for (j = 1; j <= r; j++) if (load[j] > w) w = load[j]
			how = "whole cells"
		} else {
			# every cell its share of runners by cost, at least one
			w = 0
			for (i = 1; i <= C; i++) {
				share = int(r * (p[i] + t[i] / cores) / (total_p + total_t / cores))
				if (share < 1) share = 1
				x = p[i] + t[i] / cores / share
				if (x > w) w = x
			}
			how = "cells split; each runner prepares its cell"
		}
		printf "%-44s %9.1fm  %s\n", sprintf("census x matrix on %d runner(s)", r), (w + setup) / 60,
			sprintf("%s; %.0f s of it setup", how, setup)
	}
	maxp = 0
	for (i = 1; i <= C; i++) if (p[i] > maxp) maxp = p[i]
	printf "%-44s %9.1fm  %s\n", "floor: setup + the slowest prepare", (setup + maxp) / 60, "no runner count goes below it"
}' "$prepared" "$matrix" "$census"
