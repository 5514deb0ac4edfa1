#!/bin/sh
# The whole test suite: the Check unit tests, the same under ASan and
# UBSan, every fuzz corpus and committed crash input replayed under ASan
# and UBSan, then the end-to-end tests on the real kernel tree.  Ends with
# one summary line over all of them:
#   check: N passed, N failed            (", N skipped" when a part could not run)
set -u

cd "$(dirname "$0")/.." || exit 1
mkdir -p out
passed=0
failed=0
skipped=0

# count_check LOG: add Check's own summary in LOG
# ("100%: Checks: 57, Failures: 0, Errors: 0") to the totals.
count_check() {
	summary=$(grep -E '^[0-9]+%: Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+' "$1" | tail -n 1)
	if [ -z "$summary" ]; then
		echo "hdrtest: error: $1: the unit tests printed no Check summary" >&2
		failed=$((failed + 1))
		return
	fi
	checks=$(echo "$summary" | sed 's/.*Checks: \([0-9]*\).*/\1/')
	failures=$(echo "$summary" | sed 's/.*Failures: \([0-9]*\).*/\1/')
	errors=$(echo "$summary" | sed 's/.*Errors: \([0-9]*\).*/\1/')
	failed=$((failed + failures + errors))
	passed=$((passed + checks - failures - errors))
}

# count_summary LOG PREFIX: add "PREFIX: N passed, N failed" from LOG.
count_summary() {
	line=$(grep -E "^$2: [0-9]+ passed, [0-9]+ failed$" "$1" | tail -n 1)
	if [ -z "$line" ]; then
		echo "hdrtest: error: $1: no '$2: N passed, N failed' summary" >&2
		failed=$((failed + 1))
		return
	fi
	passed=$((passed + $(echo "$line" | sed "s/^$2: \([0-9]*\) passed.*/\1/")))
	failed=$((failed + $(echo "$line" | sed 's/.* \([0-9]*\) failed$/\1/')))
}

echo "== unit tests (Check)"
out/bin/unit-tests 2>&1 | tee out/unit-tests.log
count_check out/unit-tests.log

echo "== unit tests under ASan and UBSan"
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 out/bin/unit-tests-asan >out/unit-tests-asan.log 2>&1
tail -n 20 out/unit-tests-asan.log
count_check out/unit-tests-asan.log

echo "== fuzz corpora and crash inputs replayed under ASan and UBSan"
if ! ci/deps.sh clang-19 libclang-rt-19-dev >out/fuzz-deps.log 2>&1; then
	# without clang-19 nothing was replayed: a skip, never a pass
	echo "SKIP: fuzz-replay: clang-19 and libclang-rt-19-dev (libFuzzer) cannot be installed:"
	sed 's/^/    /' out/fuzz-deps.log
	skipped=$((skipped + 1))
elif ! make --no-print-directory fuzz-build >out/fuzz-build.log 2>&1; then
	tail -n 20 out/fuzz-build.log
	echo "hdrtest: error: the fuzz targets do not build (out/fuzz-build.log)" >&2
	failed=$((failed + 1))
else
	tests/fuzz/run.sh replay 2>&1 | tee out/fuzz-replay.log
	count_summary out/fuzz-replay.log fuzz-replay
fi

echo "== end-to-end tests (real tree, x86_64 and arm64)"
tests/e2e/run.sh 2>&1 | tee out/e2e-tests.log
count_summary out/e2e-tests.log e2e

echo
if [ "$skipped" -gt 0 ]; then
	echo "check: $passed passed, $failed failed, $skipped skipped"
else
	echo "check: $passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
