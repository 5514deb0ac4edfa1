#!/bin/sh
# run-stage.sh KIND PATTERN MAKE-COMMAND...
#
# Run one stage of a run (a make command) with a step counter: a dry run
# (make -n) first counts the commands matching PATTERN that make will run,
# which become the N of the "[n/N]" on each KIND line (HT_<KIND>_TOTAL).
# The dry run walks the same dependencies as the real one, so when it
# finds nothing to do, the real run is skipped: a no-op costs one walk,
# not two.
set -u

[ $# -ge 3 ] || { echo "usage: $0 KIND PATTERN MAKE-COMMAND..." >&2; exit 2; }
kind=$1
pattern=$2
shift 2

# -s: an up-to-date goal prints nothing at all.
dry=$("$@" -n -s 2>&1)
rc=$?
if [ $rc -ne 0 ]; then
	# Its own error (a missing plan, a bad variable): the real run says it.
	exec "$@"
fi
[ -n "$dry" ] || exit 0
# A TU's result is a prerequisite of its cell's stamp and the goal of the
# cell's own make, so a dry run names it twice: count each command once.
total=$(printf '%s\n' "$dry" | grep -- "$pattern" | sort -u | wc -l)
[ -n "${HT_PROGRESS_DIR:-}" ] && mkdir -p "$HT_PROGRESS_DIR" 2>/dev/null &&
	rm -f "$HT_PROGRESS_DIR/$kind" "$HT_PROGRESS_DIR/$kind.lock"
eval "HT_$(echo "$kind" | tr '[:lower:]' '[:upper:]')_TOTAL=\$total"
export "HT_$(echo "$kind" | tr '[:lower:]' '[:upper:]')_TOTAL"
exec "$@"
