#!/bin/sh
# union-deps.sh STAMP DEPFILE...
#
# Write STAMP.dep, the union of the prerequisites in the TUs' depfiles, as
# a make rule for STAMP (each file once, each also an empty rule so that a
# header that is gone does not stop make), then touch STAMP.  The next run
# reads this one file per cell instead of every TU's depfile: only when a
# header in it changed does make look at the TUs' own.
set -u

[ $# -ge 1 ] || { echo "usage: $0 STAMP DEPFILE..." >&2; exit 2; }
stamp=$1
shift
for f in "$@"; do
	[ -f "$f" ] && set -- "$@" "$f"
	shift
done
# Targets end in ':' and a line ends in '\': neither is a prerequisite.
awk -v stamp="$stamp" '
	{ for (i = 1; i <= NF; i++) if ($i != "\\" && $i !~ /:$/ && !($i in seen)) { seen[$i] = 1; dep[++n] = $i } }
	END {
		printf "%s:", stamp
		for (i = 1; i <= n; i++) printf " \\\n %s", dep[i]
		printf "\n"
		for (i = 1; i <= n; i++) printf "%s:\n", dep[i]
	}' "$@" < /dev/null > "$stamp.dep.tmp" &&
	mv -f "$stamp.dep.tmp" "$stamp.dep" && touch "$stamp" || {
	rm -f "$stamp.dep.tmp"
	echo "hdrtest: error: cannot write $stamp.dep (is the disk full?)" >&2
	exit 1
}
