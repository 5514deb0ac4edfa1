#!/bin/sh
# Fault tests: hdrtest under the faults that once turned broken headers into
# passes or lost the user's data.  Each runs the real job on the default
# tree (x86_64 and arm64 defconfig) and breaks its environment:
#
#   - a fresh machine: the packages come before the tool is built
#   - two runs sharing one cache at the same time, and two in one OUT
#   - a new header that shadows one a TU read (in the tree or OVERLAY)
#   - OUT on a full disk, and the debris an older hdrtest left there
#   - HDRTEST_CACHE on a full disk during prepare; paths with spaces
#   - a read-only HDRTEST_CACHE
#   - a toolchain with its linker missing
#
# The disk faults need a tmpfs (root and mount(8)); without one they are
# skips that say so.  With arguments, only those sections run (fresh,
# concurrent, concurrent_out, shadow, full_out, full_cache, readonly_cache,
# spaces, toolchain).  Prints "ok"/"not ok"/"ok ... # SKIP" lines and last
# "faults: N passed, N failed, N skipped".
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
. "$here/lib.sh"

# One cell: every fault here is about a cell's prepare or its TUs, and
# each prepare from an empty cache costs most of a minute.
archs=x86_64
work=$top/out/faults
golden=$work/golden.tsv
mounts=
# the cache the concurrent runs share, reused by the full-OUT runs
cache=$work/cache-shared

is_skip() { case $1 in skip=*) return 0 ;; esac; return 1; }
has_text() { printf '%s\n' "$1" | grep -q -- "$2"; }

cleanup() {
	for m in $mounts; do umount "$m" 2>/dev/null; done
}
trap cleanup EXIT

# tmpfs MOUNTPOINT SIZE: a small file system to fill; 1 if none can be had
tmpfs() {
	mkdir -p "$1" && mount -t tmpfs -o "size=$2" hdrtest-faults "$1" 2>/dev/null || return 1
	mounts="$1 $mounts"
}
# fill DIR: leave no free byte on DIR's file system
fill() {
	dd if=/dev/zero of="$1/filler" bs=64k 2>/dev/null
	dd if=/dev/zero of="$1/filler2" bs=1 2>/dev/null
	return 0
}

# run_job OUT CACHE [make args...]: the main job on the default tree; $rc
run_job() {
	o=$1
	c=$2
	shift 2
	make --no-print-directory selftest-headers KDIR="$tree" HDRTEST_CACHE="$c" OUT="$o" \
		ARCHS="$archs" CONFIGS=defconfig "$@" > "$o.log" 2>&1
	rc=$?
}

for m in $(awk '$3 == "tmpfs" && $1 == "hdrtest-faults" { print $2 }' /proc/mounts); do
	umount "$m" 2>/dev/null
done
rm -rf "$work"
mkdir -p "$work"
grep "^$archs	" tests/golden/defconfig.tsv > "$golden"

section_fresh() {
	echo "# faults: a fresh machine installs before it builds"
	# Fake dpkg-query (nothing is installed) and apt-get and cc that log their
	# calls: the first apt-get must come before the first compile of the tool.
	fake=$work/fake-bin
	mkdir -p "$fake"
	printf '#!/bin/sh\nexit 1\n' > "$fake/dpkg-query"
	printf '#!/bin/sh\necho "apt-get $*" >> %s/calls\n' "$work" > "$fake/apt-get"
	printf '#!/bin/sh\necho "cc $*" >> %s/calls\nexec /usr/bin/cc "$@"\n' "$work" > "$fake/cc"
	chmod +x "$fake"/*
	PATH=$fake:$PATH make --no-print-directory "$work/fresh/hdrtest" HDRTEST="$work/fresh/hdrtest" \
		> "$work/fresh.log" 2>&1
	first=$(sed -n '1s/ .*//p' "$work/calls" 2>/dev/null)
	check "on a fresh machine apt-get runs before the tool is compiled (first call: ${first:-none})" \
		test "$first" = apt-get
	check "... and installs uthash-dev, which the tool's build needs" grep -q '^apt-get install .*uthash-dev' "$work/calls"
	check "... and the tool was then compiled" grep -q '^cc ' "$work/calls"

	# The run's own toolchains: make selftest-headers installs those of
	# every arch it is asked to run, before the run (which here stops at
	# once: its OUT cannot be made), as it installs the base packages.
	# (On a fresh machine arm64 was a skip naming the package.)
	: > "$work/calls"
	PATH=$fake:$PATH make --no-print-directory selftest-headers ARCHS="x86_64 arm64 i386" CONFIGS=defconfig \
		OUT=/proc/hdrtest-no-out > "$work/fresh-toolchains.log" 2>&1
	check "make selftest-headers ARCHS='x86_64 arm64 i386' installs the arm64 and i386 toolchains first" sh -c \
		"grep -q '^apt-get install .*gcc-aarch64-linux-gnu' '$work/calls' &&
		 grep -q '^apt-get install .*gcc-i686-linux-gnu' '$work/calls' || { sed 's/^/# /' '$work/calls'; exit 1; }"

	# Package lists that know nothing yet (a container image): apt's
	# "Unable to locate package" for each is not shown when the fallback
	# (apt-get update, then install again) succeeds.
	printf '%s\n' '#!/bin/sh' "echo \"apt-get \$*\" >> $work/calls" \
		"case \$1 in update) touch $work/updated ;;" \
		"install) [ -e $work/updated ] || { for p in \$*; do echo \"E: Unable to locate package \$p\"; done; exit 100; } ;;" \
		'esac' > "$fake/apt-get"
	rm -f "$work/updated"
	: > "$work/calls"
	PATH=$fake:$PATH gen/setup/deps.sh hdrtest-fake-package > "$work/fresh-lists.log" 2>&1
	rc=$?
	check "empty package lists: apt-get update, then install again (exit $rc)" sh -c \
		"[ $rc -eq 0 ] && grep -q '^apt-get update' '$work/calls' &&
		 [ \"\$(grep -c '^apt-get install' '$work/calls')\" -eq 2 ]"
	check "... and not one 'E: Unable to locate package' line is shown" sh -c \
		"! grep -q 'Unable to locate' '$work/fresh-lists.log' || { sed 's/^/# /' '$work/fresh-lists.log'; exit 1; }"
}

# the tree and the tool, for every section but the first
need_tree() {
	if ! make --no-print-directory tree > "$work/tree.log" 2>&1; then
		not_ok "the default tree builds (see $work/tree.log)"
		summary faults
		exit 1
	fi
	tree=$(make --no-print-directory -s tree-path)
	make --no-print-directory out/bin/hdrtest > /dev/null
}

section_concurrent() {
	echo "# faults: two runs share one cache at the same time"
	run_job "$work/conc-a" "$cache" &
	pid_a=$!
	run_job "$work/conc-b" "$cache" &
	pid_b=$!
	wait $pid_a
	wait $pid_b
	for r in conc-a conc-b; do
		check "concurrent run $r gives the golden verdicts" same_file "$golden" "$work/$r/results.tsv"
	done
	dirs=$(find "$cache/kbuild" -mindepth 1 -maxdepth 1 -type d | wc -l)
	check "the shared cache holds one build dir per cell, no temporary dir ($dirs dirs)" test "$dirs" -eq 1
	stamps_ok=1
	for d in "$cache"/kbuild/*/; do
		[ -s "$d/.hdrtest-prepared" ] && [ ! -e "$d/.hdrtest-error" ] || stamps_ok=0
	done
	check "every build dir in it is complete, none records an error" test "$stamps_ok" -eq 1
	run_job "$work/conc-c" "$cache"
	check "a third run reuses the dir: it prepares nothing" sh -c "! grep -q PREPARE '$work/conc-c.log'"
	check "... and gives the golden verdicts" same_file "$golden" "$work/conc-c/results.tsv"
}

# wait_for FILE PATTERN: until FILE has a line matching PATTERN (2 min at most)
wait_for() {
	w=0
	while ! grep -q -- "$2" "$1" 2>/dev/null && [ $w -lt 1200 ]; do
		sleep 0.1
		w=$((w + 1))
	done
	grep -q -- "$2" "$1" 2>/dev/null
}

section_concurrent_out() {
	echo "# faults: two runs in one OUT"
	# (the default cache: these runs prepare nothing, they reuse its dirs)
	dcache=$(make --no-print-directory -s cache-path)
	o=$work/conc-out
	mkdir -p "$o"
	# OUT held by another process (as a run holds it, its pid in the
	# lock file) until the run has said that it waits
	sh -c 'exec 9>>"$1/.lock" && flock 9 && printf "%s\ttest holder\n" $$ > "$1/.lock" && echo held > "$1/held" &&
	       while [ ! -e "$1/release" ]; do sleep 0.1; done' sh "$o" &
	holder=$!
	wait_for "$o/held" held
	run_job "$o" "$dcache" &
	runner=$!
	wait_for "$o.log" '^  WAIT '
	check "a run in an OUT another process holds waits, naming its pid" \
		grep -q "^  WAIT    test holder (pid $holder) is using $o\$" "$o.log"
	check "... and has written nothing in OUT meanwhile" test ! -e "$o/cells"
	: > "$o/release"
	wait "$holder"
	wait "$runner"
	check "... then runs, with the golden verdicts (exit $(cat "$o/run.rc" 2>/dev/null))" \
		sh -c "[ \"\$(cat '$o/run.rc' 2>/dev/null)\" = 1 ] && cmp -s '$golden' '$o/results.tsv'"

	# two whole runs at once in a fresh OUT: one waits for the other
	o=$work/conc-two
	run_job "$o" "$dcache" &
	pid_a=$!
	sleep 0.3
	make --no-print-directory selftest-headers KDIR="$tree" HDRTEST_CACHE="$dcache" OUT="$o" ARCHS="$archs" \
		CONFIGS=defconfig > "$o-b.log" 2>&1
	rc_b=$?
	wait "$pid_a"
	check "two runs at once in one OUT: no result is lost, no message blames the disk" \
		sh -c "! grep -h -e 'cannot record' -e 'disk full' '$o.log' '$o-b.log' | sed 's/^/# /' | grep ."
	check "... and the verdicts are golden (make's exit of the second: $rc_b)" \
		sh -c "[ \"\$(cat '$o/run.rc' 2>/dev/null)\" = 1 ] && cmp -s '$golden' '$o/results.tsv'"
}

# A header added earlier on the include path than one a TU read: a rerun
# in the same OUT must judge with it, as a fresh OUT does.  The new
# page_kasan_tag.h lacks its <linux/types.h> and fails on 'u8': before,
# the rerun kept the old pass and exited 0.
section_shadow() {
	echo "# faults: a new header shadows the one a TU read"
	dcache=$(make --no-print-directory -s cache-path)
	orig=$tree/include/linux/mm/page_kasan_tag.h
	fails_u8() { # fails_u8 TSV: page_kasan_tag.h fails on u8
		awk -F '\t' '$3 == "linux/mm/page_kasan_tag.h" && $4 == "fail" && /unknown type name .u8./' "$1" |
			grep -q .
	}
	# in a copy of the tree (hard links beside it, so that its kbuild dir
	# stays in the cache for the next time; the tree is not written)
	copy=$(dirname "$tree")/faults-shadow-tree
	rm -rf "$copy"
	cp -al "$tree" "$copy" 2>/dev/null || cp -a "$tree" "$copy"
	# (not $o: run_job sets it)
	so=$work/shadow
	run_job "$so" "$dcache" KDIR="$copy"
	check "shadow: the copy of the tree gives the golden verdicts" same_file "$golden" "$so/results.tsv"
	mkdir -p "$copy/arch/x86/include/linux/mm"
	grep -v '^#include <linux/types.h>' "$orig" > "$copy/arch/x86/include/linux/mm/page_kasan_tag.h"
	run_job "$so" "$dcache" KDIR="$copy"
	check "shadow: arch/x86/include/linux/mm/page_kasan_tag.h added, a rerun in the same OUT fails it on u8" \
		fails_u8 "$so/results.tsv"
	check "... and exits 1 (run.rc $(cat "$so/run.rc" 2>/dev/null))" test "$(cat "$so/run.rc" 2>/dev/null)" = 1
	n=$(grep -c '^  CC ' "$so.log")
	check "... compiling again the TUs that read it, not the whole cell ($n TUs)" test "$n" -ge 1 -a "$n" -lt 21
	run_job "$so-fresh" "$dcache" KDIR="$copy"
	check "... with the verdicts of a fresh OUT" same_file "$so-fresh/results.tsv" "$so/results.tsv"
	rm -f "$copy/arch/x86/include/linux/mm/page_kasan_tag.h"
	run_job "$so" "$dcache" KDIR="$copy"
	check "shadow: removed again, the rerun gives the golden verdicts" same_file "$golden" "$so/results.tsv"
	rm -rf "$copy"

	# in OVERLAY, which is searched first
	ov=$work/shadow-overlay
	mkdir -p "$ov/linux/mm"
	so=$work/shadow-ov
	run_job "$so" "$dcache" OVERLAY="$ov"
	check "shadow: an empty OVERLAY gives the golden verdicts" same_file "$golden" "$so/results.tsv"
	grep -v '^#include <linux/types.h>' "$orig" > "$ov/linux/mm/page_kasan_tag.h"
	run_job "$so" "$dcache" OVERLAY="$ov"
	check "shadow: OVERLAY/linux/mm/page_kasan_tag.h added, a rerun in the same OUT fails it on u8" \
		fails_u8 "$so/results.tsv"
	run_job "$so-fresh" "$dcache" OVERLAY="$ov"
	check "... with the verdicts of a fresh OUT" same_file "$so-fresh/results.tsv" "$so/results.tsv"
}

section_full_out() {
	echo "# faults: OUT on a full disk"
	disk=$work/disk-out
	if ! tmpfs "$disk" 64m; then
		skip "OUT on a full disk" "cannot mount a tmpfs here (needs root and mount(8))"
	else
		o=$disk/out
		run_job "$o" "$cache"
		check "on the roomy tmpfs the verdicts are golden" same_file "$golden" "$o/results.tsv"
		cp "$o/results.tsv" "$work/full-before.tsv"
		find "$o" -name '*.c' -exec touch {} +
		fill "$disk"
		cell=$o/x86_64/defconfig
		run_job "$o" "$cache"
		check "the whole job on the full disk exits non-zero (exit $rc)" test "$rc" -ne 0
		check "... saying a TU's result could not be recorded" grep -q 'cannot record the result of' "$o.log"
		check "... and leaves no .rc of a TU it compiled, so it is compiled again" test ! -e "$cell/linux/highmem.rc"
		check "... and leaves the old results.tsv as it was" same_file "$work/full-before.tsv" "$o/results.tsv"
		check "... and no empty .rc behind" test -z "$(find "$o" -name '*.rc' -size -2c)"
		rm -f "$disk/filler" "$disk/filler2"

		# What the old recipe left on a full disk, and what a kill in the
		# middle of gcc leaves: empty .rc and .log, and gcc's depfile cut short.
		# Not one of these may read as a pass, and the next run must compile
		# them again instead of choking on the depfile.
		for h in highmem pagemap skbuff; do
			: > "$cell/linux/$h.rc"
			: > "$cell/linux/$h.log"
			head -c 300 "$cell/linux/$h.dep" > "$cell/linux/$h.d"
			rm -f "$cell/linux/$h.dep"
		done
		out/bin/hdrtest report --out "$o" --tsv "$work/debris.tsv" x86_64/defconfig > /dev/null 2>&1
		n=$(awk -F '\t' '($3 == "linux/highmem.h" || $3 == "linux/pagemap.h" || $3 == "linux/skbuff.h") && $4 == "pass"' \
			"$work/debris.tsv" | wc -l)
		check "empty .rc and .log files never read as a pass ($n of 3 did)" test "$n" -eq 0
		run_job "$o" "$cache"
		check "the next run with space again is not stopped by the cut depfiles (see $o.log)" \
			sh -c "! grep -q -e 'missing separator' -e 'No rule to make target' '$o.log'"
		check "... compiles the three TUs again" \
			test "$(grep -c '^  CC      \[ *[0-9]*/[0-9]*\] x86_64/defconfig linux/\(highmem\|pagemap\|skbuff\).h$' "$o.log")" -eq 3
		check "... and gives the golden verdicts" same_file "$golden" "$o/results.tsv"
	fi
}

section_full_cache() {
	echo "# faults: HDRTEST_CACHE on a full disk"
	disk=$work/disk-cache
	if ! tmpfs "$disk" 3m; then
		skip "HDRTEST_CACHE on a full disk" "cannot mount a tmpfs here (needs root and mount(8))"
	else
		run_job "$work/cachefull" "$disk"
		check "a prepare that runs out of disk fails the run (exit $rc)" test "$rc" -ne 0
		n=$(awk -F '\t' '$4 == "error" && /No space left on device/' "$work/cachefull/results.tsv" | wc -l)
		check "... every header an error of its cell, naming the full disk ($n of 21)" test "$n" -eq 21
		check "... and nothing in the cache claims to be complete" \
			test -z "$(find "$disk" -name .hdrtest-prepared)"
		mount -o remount,size=64m "$disk"
		# the step's line from its first second: a fast machine's
		# steps can all end before the 5th
		export HDRTEST_WATCH_FROM=1
		run_job "$work/cacheroom" "$disk"
		unset HDRTEST_WATCH_FROM
		check "with space again the same cache prepares afresh (no cached error)" \
			grep -q PREPARE "$work/cacheroom.log"
		check "... and a prepare says which kbuild step it is in ('KBUILD  [1/1] cell: make prepare, 5 s: ...')" \
			grep -q '^  KBUILD  \[1/1\] [a-z0-9_]*/defconfig: make [^,]*, [0-9]* s' "$work/cacheroom.log"
		check "... and gives the golden verdicts" same_file "$golden" "$work/cacheroom/results.tsv"
	fi
}

section_readonly_cache() {
	echo "# faults: a read-only HDRTEST_CACHE"
	disk=$work/ro-cache
	if ! tmpfs "$disk" 1m; then
		skip "a read-only HDRTEST_CACHE" "cannot mount a tmpfs here (needs root and mount(8))"
		return
	fi
	mkdir -p "$disk/kbuild"
	mount -o remount,ro "$disk"
	run_job "$work/rocache" "$disk"
	check "preparing into a read-only cache fails the run (exit $rc)" test "$rc" -ne 0
	n=$(awk -F '\t' '$4 == "error" && /HDRTEST_CACHE .*: cannot create the lock file .*: Read-only file system/' \
		"$work/rocache/results.tsv" | wc -l)
	check "... every header an error of its cell, naming the cache and why ($n of 21)" test "$n" -eq 21
	check "... said as hdrtest's error, not only the shell's words" \
		grep -q "^  ERROR   \[1/1\] [a-z0-9_]*/defconfig: HDRTEST_CACHE $disk: cannot create the lock file" \
		"$work/rocache.log"
}

section_spaces() {
	echo "# faults: paths with spaces"
	for v in KDIR HDRTEST_CACHE OUT; do
		make --no-print-directory selftest-headers "$v=$work/with space" ARCHS=x86_64 > "$work/space.log" 2>&1
		rc=$?
		check "$v with a space: refused (exit $rc)" test "$rc" -ne 0
		check "... saying that paths with spaces are not supported" \
			grep -q "$v='$work/with space': paths with spaces are not supported" "$work/space.log"
	done
	check "... and nothing was created at that path" test ! -e "$work/with space"
	# make expands a '$' in a variable's value, from the environment too:
	# '$(shell ...)' in a path would run
	rm -f "$work/pwned"
	for v in KDIR HDRTEST_CACHE OUT; do
		env "$v=\$(shell touch $work/pwned)" make --no-print-directory selftest-headers ARCHS=x86_64 \
			> "$work/dollar.log" 2>&1
		rc=$?
		check "$v holding '\$(shell ...)' in the environment: refused (exit $rc)" test "$rc" -ne 0
		check "... saying why" grep -q "$v='\$(shell touch $work/pwned)': a value holding '\$', a quote" \
			"$work/dollar.log"
	done
	make --no-print-directory cache-path "HDRTEST_CACHE=\$(shell touch $work/pwned)" > "$work/dollar.log" 2>&1
	check "HDRTEST_CACHE holding '\$(shell ...)' on make's command line: refused (exit $?)" \
		grep -q "a value holding '\$'" "$work/dollar.log"
	make --no-print-directory selftest-headers "ARCHS=x86_64' '--out=/" > "$work/quote.log" 2>&1
	check "a quote in ARCHS: refused (exit $?)" grep -q "ARCHS='x86_64' '--out=/': a value holding" "$work/quote.log"
	check "... and no '\$(shell ...)' ran" test ! -e "$work/pwned"
}

section_toolchain() {
	echo "# faults: a toolchain with its linker missing"
	# A clang of a version nothing else has: its ld.lld and llvm tools are missing.
	mkdir -p "$work/llvm-bin" "$work/llvm-cell"
	printf '#!/bin/sh\necho "clang version 99"\n' > "$work/llvm-bin/clang-99"
	chmod +x "$work/llvm-bin/clang-99"
	# the plan 'hdrtest plan' would write for such an arch
	cat > "$work/llvm-cell/plan" <<PLAN
arch='x86_64-llvm'
config='defconfig'
karch='x86_64'
cross=''
llvm='-99'
packages='clang-99,lld-99,llvm-99'
unavailable=''
base='defconfig'
fragment=''
tree='$tree'
cache='$work/llvm-cache'
PLAN
	PATH=$work/llvm-bin:$PATH gen/prepare/prepare-kbuild.sh "$work/llvm-cell" > "$work/llvm.log" 2>&1
	env=$(cat "$work/llvm-cell/prepared" 2>/dev/null)
	check "clang without ld.lld is a skip before any kbuild run" is_skip "$env"
	check "... naming the missing tools and their packages" \
		has_text "$env" 'no ld.lld-99 llvm-ar-99 .*: install Debian package(s) lld-99 llvm-99'
	check "... and no build dir was made" test ! -d "$work/llvm-cache/kbuild" -o -z "$(ls "$work/llvm-cache/kbuild" 2>/dev/null)"
}

sections=${*:-fresh concurrent concurrent_out shadow full_out full_cache readonly_cache spaces toolchain}
for s in $sections; do
	[ "$s" = fresh ] || [ -n "${tree:-}" ] || need_tree
	"section_$s"
done
summary faults
[ "$fail" -eq 0 ]

