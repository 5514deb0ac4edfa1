# bench/lib.sh: sourced by the bench scripts.  Wall-clock timing and the
# ratios they print.
now() { date +%s.%N; }
since() { echo "$1 $(now)" | awk '{ printf "%.2f", $2 - $1 }'; }
ratio() { echo "$1 $2" | awk '{ printf "%.2f", ($2 > 0) ? $1 / $2 : 0 }'; }
# prepared_sum LOG: the seconds of every "PREPARED ... in N s" line, added up
prepared_sum() { awk '/^  PREPARED / { s += $(NF - 1) } END { print s + 0 }' "$1"; }
