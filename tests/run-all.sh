#!/bin/sh
# The whole test suite: the Check unit tests, then the end-to-end tests on
# the real kernel tree.  Ends with one summary line over both:
#   check: N passed, N failed
set -u

cd "$(dirname "$0")/.." || exit 1
unit_log=out/unit-tests.log
mkdir -p out

echo "== unit tests (Check)"
out/bin/unit-tests 2>&1 | tee "$unit_log"
# Check's own summary: "100%: Checks: 57, Failures: 0, Errors: 0"
summary=$(grep -E '^[0-9]+%: Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+' "$unit_log" | tail -n 1)
if [ -z "$summary" ]; then
	echo "hdrtest: error: the unit tests printed no Check summary" >&2
	unit_pass=0
	unit_fail=1
else
	checks=$(echo "$summary" | sed 's/.*Checks: \([0-9]*\).*/\1/')
	failures=$(echo "$summary" | sed 's/.*Failures: \([0-9]*\).*/\1/')
	errors=$(echo "$summary" | sed 's/.*Errors: \([0-9]*\).*/\1/')
	unit_fail=$((failures + errors))
	unit_pass=$((checks - unit_fail))
fi

echo "== end-to-end tests (real tree, x86_64 and arm64)"
e2e_log=out/e2e-tests.log
tests/e2e/run.sh 2>&1 | tee "$e2e_log"
e2e=$(grep -E '^e2e: [0-9]+ passed, [0-9]+ failed$' "$e2e_log" | tail -n 1)
if [ -z "$e2e" ]; then
	echo "hdrtest: error: the end-to-end tests printed no summary" >&2
	e2e_pass=0
	e2e_fail=1
else
	e2e_pass=$(echo "$e2e" | sed 's/^e2e: \([0-9]*\) passed.*/\1/')
	e2e_fail=$(echo "$e2e" | sed 's/.* \([0-9]*\) failed$/\1/')
fi

passed=$((unit_pass + e2e_pass))
failed=$((unit_fail + e2e_fail))
echo
echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
