#!/bin/sh
# The whole test suite: the Check unit tests, then the end-to-end tests on
# the real kernel tree, then the fault tests.  Each suite ends with its own
# summary line; this one adds them up in one last line:
#   check: N passed, N failed, N skipped
# A suite that prints no summary counts as one failure.
set -u

cd "$(dirname "$0")/.." || exit 1
mkdir -p out
passed=0
failed=0
skipped=0

# count NAME LOG: add the "NAME: N passed, N failed[, N skipped]" line of LOG
count() {
	line=$(grep -E "^$1: [0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$" "$2" | tail -n 1)
	if [ -z "$line" ]; then
		echo "hdrtest: error: the $1 tests printed no summary (log: $2)" >&2
		failed=$((failed + 1))
		return
	fi
	set -- $(echo "$line" | sed 's/[^0-9]/ /g')
	passed=$((passed + $1))
	failed=$((failed + $2))
	skipped=$((skipped + ${3:-0}))
}

# suite NAME COMMAND...: run one suite, its output shown and kept
suite() {
	name=$1
	shift
	echo "== $name"
	"$@" 2>&1 | tee "out/$name-tests.log"
	count "$name" "out/$name-tests.log"
}

# Check's own summary, "100%: Checks: 57, Failures: 0, Errors: 0", in
# the form count() reads.
check_summary() {
	"$@" > "out/$name-raw.log" 2>&1
	cat "out/$name-raw.log"
	sed -n 's/^[0-9]*%: Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\)$/\1 \2 \3/p' "out/$name-raw.log" |
		tail -n 1 | { read -r checks failures errors &&
		echo "$name: $((checks - failures - errors)) passed, $((failures + errors)) failed"; }
}

suite unit check_summary out/bin/unit-tests
suite e2e tests/e2e/run.sh
suite faults tests/e2e/faults.sh
suite faults-write tests/e2e/faults-write.sh

echo
echo "check: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
