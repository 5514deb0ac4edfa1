#!/bin/sh
# catalog-init on the real tree: a catalog for linux/mm/*.h and one header
# not meant to stand alone (linux/rwlock_types.h, whose #error says
# "Do not include directly"), written byte-identically twice, loaded by
# catalog-check, in agreement with the hand-written catalog/mm.cat (the
# same symbols, and the same verdicts: the macro bodies are checked by
# uses lines, page_address.h fails for offset_in_thp() and passes once
# an overlay copy includes folio_size.h), and
# run by `make selftest-headers` on x86_64 and arm64 defconfig, where the
# not-standalone header is a skip quoting its #error line.  Headers whose
# functions GCC types with their attributes (const, noreturn) or that
# reject a made-up call on purpose pass on x86_64 with gcc and clang, and
# a real type mismatch still fails on both.  On x86_64, so do headers
# whose calls are macros a made-up call cannot use or need a constant for
# an inline asm, and one with a T[const N] parameter, which fails once
# declared with another element type.  Headers that cannot stand
# alone on x86_64 (another arch's include, an #error of the arch's) or at
# all (patchkey.h; bpf_types.h, an x-macro list of linux/bpf.h) are skips
# with their reason there, and judged on m68k,
# which has what they need.
# Prints "ok"/"not ok" lines and "catalog-init: N passed, N failed, N skipped".
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
. "$here/lib.sh"

work=$top/out/e2e-catalog-init
cat=$work/init.cat
rm -rf "$work"
mkdir -p "$work"
make --no-print-directory -s out/bin/hdrtest > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
tree=$(make --no-print-directory -s tree-path)
alone=linux/rwlock_types.h

echo "# catalog-init: linux/mm/*.h and $alone"
out/bin/hdrtest catalog-init --tree "$tree" --out "$cat" 'linux/mm/*.h' "$alone" > "$work/init.log" 2>&1
rc=$?
check "catalog-init --out exits 0 (exit $rc)" test "$rc" -eq 0
out/bin/hdrtest catalog-init --tree "$tree" 'linux/mm/*.h' "$alone" > "$work/again.cat" 2> "$work/again.log"
check "a second run, to stdout, writes the same bytes" same_file "$cat" "$work/again.cat"
check "... and --out left no temporary file beside it" test "$(ls "$work" | grep -c '^init\.cat')" -eq 1

# one block per header, sorted, as ls sorts the tree's headers
(cd "$tree/include" && ls linux/mm/*.h "$alone" | LC_ALL=C sort) > "$work/want-headers"
awk '/^header /{print $2}' "$cat" > "$work/got-headers"
check "one header block per matching header, in sorted order" same_file "$work/want-headers" "$work/got-headers"
check "no forbid or define line is copied" sh -c "! grep -Eq '^(forbid|define) ' '$cat'"
check "... and the top comment says so" grep -q '^# No forbid or define lines are copied' "$cat"

# The skip quotes the header's own #error line ('"' written as "'").
errline=$(grep -n '^#[ 	]*error' "$tree/include/$alone" | head -n 1)
reason="include/$alone:${errline%%:*}: $(echo "${errline#*:}" | tr '"' "'")"
check "$alone is a skip quoting its #error line" \
	grep -Fqx "header $alone skip \"$reason\"" "$cat"
check "... and has no symbol lines" sh -c "awk '/^header /{h=\$2} /^\t/ && h==\"$alone\"' '$cat' | grep -q . && exit 1 || exit 0"

# Against the hand-written mm catalog: the same symbols under the same
# headers, and every func line the same (types and condition).
norm() { awk '/^header/{h=$2; next} /^[ \t]*#/||/^$/{next} /^\tuses\t/{next} /^\t/{sub(/[ \t]*#.*/,""); gsub(/[ \t]+/," "); sub(/^ /,""); print h " | " $0}' "$1" | sort; }
norm catalog/mm.cat > "$work/mm.norm"
norm "$cat" > "$work/init.norm"
names() { awk -F ' [|] ' '{split($2, w, " "); print $1 " " w[2]}' "$1" | sort; }
names "$work/mm.norm" > "$work/mm.names"
names "$work/init.norm" > "$work/init.names"
check "the same symbols under the same headers as catalog/mm.cat ($(wc -l < "$work/mm.names") of them)" \
	same_file "$work/mm.names" "$work/init.names"
grep ' | func ' "$work/mm.norm" > "$work/mm.func"
grep ' | func ' "$work/init.norm" > "$work/init.func"
check "every func line of catalog/mm.cat is catalog-init's, types and condition ($(wc -l < "$work/mm.func"))" \
	same_file "$work/mm.func" "$work/init.func"

make --no-print-directory catalog-check CATALOG="catalog/arches.cat catalog/configs.cat $cat" > "$work/check.log" 2>&1
rc=$?
check "make catalog-check loads it and finds no drift (exit $rc)" test "$rc" -eq 0

echo "# make selftest-headers on it: x86_64 and arm64 defconfig"
make --no-print-directory selftest-headers CATALOG="catalog/arches.cat catalog/configs.cat $cat" \
	OUT="$work/out" > "$work/run.log" 2>&1
rc=$?
res=$work/out/results.tsv
nh=$(wc -l < "$work/want-headers")
check "selftest-headers has a verdict for every header in both cells ($((2 * nh)) TUs, exit $rc)" \
	test -f "$res" -a "$(wc -l < "$res")" -eq $((2 * nh))
grep -v "	$alone	" "$res" > "$work/compiled.tsv"
check "... and compiled all but the not-standalone one: none skipped, none an error" compiled "$work/compiled.tsv"
for cell in x86_64 arm64; do
	check "$alone is a skip on $cell, its reason the #error line" \
		grep -Fqx "$cell	defconfig	$alone	skip	not meant to be included alone: $reason" "$res"
done
for cell in x86_64 arm64; do
	check "... never compiled on $cell: no TU, not in tus" sh -c \
		"! test -e '$work/out/$cell/defconfig/${alone%.h}.c' && ! grep -qx '${alone%.h}' '$work/out/$cell/defconfig/tus'"
done
check "... and only it is a skip (2 skips)" test "$(awk -F '\t' '$4 == "skip"' "$res" | wc -l)" -eq 2
check "... which the summary counts as skips, not failures" grep -q ', 2 skip, 0 error$' "$work/run.log"
check "... and KTAP says SKIP with the reason" \
	grep -q "^    ok [0-9]* $alone # SKIP not meant to be included alone: include/$alone:" "$work/out/results.ktap"

echo "# macro bodies: what catalog/mm.cat finds by calling the macros, uses lines find"
check "offset_in_thp()'s body is checked: a uses line names thp_size" \
	grep -Pq '^\tuses\toffset_in_thp\tthp_size$' "$cat"
check "... folio_page_idx()'s sparsemem body: folio_pfn, under that body's condition" \
	grep -Pq '^\tuses\tfolio_page_idx\tfolio_pfn\tif CONFIG_SPARSEMEM && !CONFIG_SPARSEMEM_VMEMMAP$' "$cat"
make --no-print-directory selftest-headers CATALOG="catalog/arches.cat catalog/configs.cat catalog/mm.cat" \
	OUT="$work/hand" > "$work/hand.log" 2>&1
verdicts() { awk -F '\t' '$3 != "'"$alone"'" {print $1 "/" $2 " " $3 " " $4}' "$1" | sort; }
verdicts "$res" > "$work/init.verdicts"
verdicts "$work/hand/results.tsv" > "$work/hand.verdicts"
check "every header's verdict in both cells is catalog/mm.cat's ($(wc -l < "$work/hand.verdicts") of them)" \
	same_file "$work/hand.verdicts" "$work/init.verdicts"
check "... linux/mm/page_address.h fails on x86_64, as by the hand catalog" \
	grep -qx 'x86_64/defconfig linux/mm/page_address.h fail' "$work/init.verdicts"
check "... and the run says offset_in_thp's use of thp_size is why" \
	grep -q "linux/mm/page_address.h: offset_in_thp() uses thp_size(), defined in linux/mm/folio_size.h" "$work/run.log"

# The check turns: page_address.h with the include it lacks (in an
# overlay, the tree untouched) passes where its copy without it failed.
mkdir -p "$work/overlay/linux/mm"
sed 's|^#include <asm/page.h>.*|&\n#include <linux/mm/folio_size.h>|' "$tree/include/linux/mm/page_address.h" \
	> "$work/overlay/linux/mm/page_address.h"
printf '%s\n' 'header linux/mm/page_address.h' > "$work/one.cat"
awk '/^header /{h=$2} /^\t/ && h=="linux/mm/page_address.h"' "$cat" >> "$work/one.cat"
make --no-print-directory selftest-headers CATALOG="catalog/arches.cat catalog/configs.cat $work/one.cat" \
	OUT="$work/fixed" OVERLAY="$work/overlay" > "$work/fixed.log" 2>&1
rc=$?
check "with linux/mm/folio_size.h included (OVERLAY), page_address.h passes on both cells (exit $rc)" \
	sh -c "test $rc -eq 0 && test \"\$(awk -F '\t' '\$4 == \"pass\"' '$work/fixed/results.tsv' | wc -l)\" -eq 2"

echo "# function attributes and calls the kernel forbids: gcc and clang"
# gcd() is __attribute_const__ and start_kernel() __noreturn, which gcc
# makes part of their types; __kmalloc_index() (linux/slab.h) fires its
# BUILD_BUG_ON_MSG() on a size that is no constant, bitfield.h's
# __field_overflow() is __compiletime_error and workqueue.h's
# __warn_flushing_systemwide_wq() __compiletime_warning.
guarded="linux/gcd.h linux/start_kernel.h linux/slab.h linux/bitfield.h linux/workqueue.h"
# shellcheck disable=SC2086 # the list is words
out/bin/hdrtest catalog-init --tree "$tree" --out "$work/guard.cat" $guarded > "$work/guard-init.log" 2>&1
check "gcd() is called, its type checked as any function's" \
	grep -Pqx '\tfunc\tgcd\tunsigned long \(unsigned long, unsigned long\)' "$work/guard.cat"
check "__kmalloc_index() is nocall: its BUILD_BUG_ON_MSG()" \
	grep -Pqx '\tfunc\t__kmalloc_index\tunsigned int \(size_t, bool\)\tnocall "its body has BUILD_BUG_ON_MSG\(\)"' "$work/guard.cat"
check "__field_overflow() is nocall: __compiletime_error" \
	grep -Pqx '\tfunc\t__field_overflow\tvoid \(void\)\tnocall "declared __compiletime_error"' "$work/guard.cat"
check "__warn_flushing_systemwide_wq() is nocall: __compiletime_warning" \
	grep -Pqx '\tfunc\t__warn_flushing_systemwide_wq\tvoid \(void\)\tnocall "declared __compiletime_warning"' "$work/guard.cat"
make --no-print-directory selftest-headers CATALOG="catalog/arches.cat catalog/configs.cat $work/guard.cat" \
	ARCHS="x86_64 x86_64-llvm" OUT="$work/guard" > "$work/guard.log" 2>&1
# A real mismatch: gcd() declared with another parameter type (in an
# overlay copy, still __attribute_const__; the tree untouched, so no drift).
mkdir -p "$work/mismatch-overlay/linux"
sed 's/^unsigned long gcd(unsigned long a, unsigned long b) __attribute_const__;$/unsigned long gcd(unsigned long a, long b) __attribute_const__;/' \
	"$tree/include/linux/gcd.h" > "$work/mismatch-overlay/linux/gcd.h"
check "an overlay copy of linux/gcd.h declares gcd() with a long parameter" grep -q 'gcd(unsigned long a, long b) __attribute_const__;' \
	"$work/mismatch-overlay/linux/gcd.h"
make --no-print-directory selftest-headers CATALOG="catalog/arches.cat catalog/configs.cat $work/guard.cat" \
	ARCHS="x86_64 x86_64-llvm" OUT="$work/mismatch" OVERLAY="$work/mismatch-overlay" > "$work/mismatch.log" 2>&1
for cell in x86_64 x86_64-llvm; do
	why=$(awk -F '\t' -v c="$cell" '$1 == c && $4 == "skip" {print $5; exit}' "$work/guard/results.tsv" 2>/dev/null)
	if [ -n "$why" ]; then
		skip "the five headers pass on $cell" "$cell is a skip here: $why"
		skip "... and gcd() of another type fails on $cell" "$cell is a skip here: $why"
		continue
	fi
	check "the five headers pass on $cell: no type check fails for an attribute, no guard is called" \
		test "$(awk -F '\t' -v c="$cell" '$1 == c && $4 == "pass"' "$work/guard/results.tsv" | wc -l)" -eq 5
	check "... and gcd() of another parameter type fails on $cell, for its type check" \
		grep -q "^$cell	defconfig	linux/gcd.h	fail	.*gcd(): not a function of the catalogued type unsigned long (unsigned long, unsigned long)" \
		"$work/mismatch/results.tsv"
done

# Macro forms a made-up call with the function form's signature cannot
# use, as the kernel's callers never do: kernel.h's ftrace_vprintk() a
# do-while statement without CONFIG_TRACING, jump_label_ratelimit.h's
# static_key_deferred_flush() ->work of a void *, ipv6.h's raw6_sk()
# container_of_const() of a const pointer; selection.h's putconsxy()
# takes xy[static const 2].  jump_label.h's static_key_false() and
# perf_event.h's perf_sw_event() reach arch_static_branch(), whose asm
# takes the key as an immediate: a constant only where the kernel calls
# them, with a static key.  x86_64 only: gcc's diagnostics.
forms="linux/kernel.h linux/jump_label_ratelimit.h linux/ipv6.h linux/selection.h linux/jump_label.h linux/perf_event.h"
# shellcheck disable=SC2086 # the list is words
out/bin/hdrtest catalog-init --tree "$tree" --out "$work/forms.cat" $forms > "$work/forms-init.log" 2>&1
check "ftrace_vprintk() is nocall: a do-while statement" \
	grep -Pqx '\tcall\tftrace_vprintk\tint \(const char \*, va_list\)\tnocall "a macro here, a do-while statement: no int value"' "$work/forms.cat"
check "static_key_deferred_flush() is nocall: ->member of a void *" \
	grep -Pqx '\tcall\tstatic_key_deferred_flush\tvoid \(void \*\)\tnocall "a macro here, taking ->member of argument 1, typed void \*"' "$work/forms.cat"
check "raw6_sk() is nocall: container_of_const() of a const pointer" \
	grep -Pq '^\tcall\traw6_sk\tstruct raw6_sock \* \(const struct sock \*\)\tnocall "a macro here, container_of_const\(\)' "$work/forms.cat"
check "static_key_false() is nocall: arch_static_branch()'s asm needs a constant" \
	grep -Pqx '\tfunc\tstatic_key_false\tbool \(struct static_key \*\)\tnocall "its body calls arch_static_branch\(\), whose inline asm needs [a-z_]+ to be a constant"' "$work/forms.cat"
check "perf_sw_event() is nocall: one level down, through static_key_false()" \
	grep -Pq '^\tfunc\tperf_sw_event\t.*\tnocall "its body calls static_key_false\(\), which calls arch_static_branch\(\)' "$work/forms.cat"
make --no-print-directory selftest-headers CATALOG="catalog/arches.cat catalog/configs.cat $work/forms.cat" \
	ARCHS=x86_64 OUT="$work/forms" > "$work/forms.log" 2>&1
check "the six headers pass on x86_64" \
	test "$(awk -F '\t' '$1 == "x86_64" && $4 == "pass"' "$work/forms/results.tsv" | wc -l)" -eq 6
# A real defect of the same kind: putconsxy() declared with another
# element type (an overlay copy; the tree untouched).
mkdir -p "$work/forms-overlay/linux"
sed 's/^void putconsxy(struct vc_data \*vc, unsigned char xy\[static const 2\]);$/void putconsxy(struct vc_data *vc, int xy[static const 2]);/' \
	"$tree/include/linux/selection.h" > "$work/forms-overlay/linux/selection.h"
check "an overlay copy of linux/selection.h declares putconsxy() with int xy[static const 2]" \
	grep -q 'putconsxy(struct vc_data \*vc, int xy\[static const 2\]);' "$work/forms-overlay/linux/selection.h"
awk '/^header /{h=$2} h=="linux/selection.h"' "$work/forms.cat" > "$work/selection.cat"
make --no-print-directory selftest-headers CATALOG="catalog/arches.cat catalog/configs.cat $work/selection.cat" \
	ARCHS=x86_64 OUT="$work/forms-broken" OVERLAY="$work/forms-overlay" > "$work/forms-broken.log" 2>&1
check "... and fails on x86_64, for its call" \
	grep -q "^x86_64	defconfig	linux/selection.h	fail	.*passing argument 2 of 'putconsxy' from incompatible pointer type" \
	"$work/forms-broken/results.tsv"
check "... and for its type check" \
	grep -q "error: static assertion failed: \"putconsxy(): not a function of the catalogued type void (struct vc_data \*, unsigned char\[const 2\])\"" \
	"$work/forms-broken/x86_64/defconfig/linux/selection.log"

echo "# headers that cannot stand alone on an arch, or at all: skips with their reason, x86_64 and m68k"
# arch-only includes (zorro.h, nubus.h: m68k; dasd_mod.h: s390; maple.h:
# sh), an #error in an arch chain's #else (hp_sdc.h), one guarded by how
# it is included (patchkey.h's uapi half); count_zeros.h trips another
# header's guard (its own defect: a failure), soundcard.h includes
# patchkey.h the way it is meant to (a pass); bpf_types.h is an x-macro
# list of linux/bpf.h (not meant to be included alone)
alone_set="linux/zorro.h linux/nubus.h linux/dasd_mod.h linux/maple.h linux/hp_sdc.h linux/patchkey.h
linux/count_zeros.h linux/soundcard.h linux/bpf_types.h"
out/bin/hdrtest catalog-init --tree "$tree" --out "$work/alone.cat" $alone_set > "$work/alone-init.log" 2>&1
make --no-print-directory selftest-headers CATALOG="catalog/arches.cat catalog/configs.cat $work/alone.cat" \
	ARCHS="x86_64 m68k" CONFIGS=defconfig OUT="$work/alone" > "$work/alone.log" 2>&1
ares=$work/alone/results.tsv
# arch_of NAME: the arches whose include dirs of the tree hold NAME, as the reason lists them
arch_of() {
	(cd "$tree/arch" && for a in *; do
		ls -d "$a/include/$1" "$a/include/uapi/$1" "$a"/include/mach-*/"$1" "$a"/mach-*/include/"$1" \
			2>/dev/null | head -n 1 | sed 's|/.*||'
	done) | LC_ALL=C sort | paste -sd, - | sed 's/,/, /g'
}
# line_of FILE TEXT: the number of FILE's first line holding TEXT
line_of() { grep -nF -- "$2" "$tree/$1" | head -n 1 | cut -d: -f1; }
for h in zorro nubus dasd_mod maple; do
	inc=$(sed -n 's@^#include <\(\(asm\|mach\)/[a-z_]*\.h\)>.*@\1@p' "$tree/include/linux/$h.h" | head -n 1)
	has=$(arch_of "$inc")
	n=$(line_of "include/linux/$h.h" "#include <$inc>")
	case $has in *,*) verb=have ;; *) verb=has ;; esac
	check "linux/$h.h is a skip on x86_64: it needs $inc, which only $has $verb" \
		grep -Fqx "x86_64	defconfig	linux/$h.h	skip	not for x86_64: needs $inc, which only $has $verb (include/linux/$h.h:$n)" "$ares"
done
n=$(line_of include/linux/hp_sdc.h "#error No support for device registration")
check "linux/hp_sdc.h is a skip on x86_64: its #error in the #else of __hppa__ and __mc68000__" \
	grep -Fqx "x86_64	defconfig	linux/hp_sdc.h	skip	not for x86_64: include/linux/hp_sdc.h:$n: #error No support for device registration on this arch yet. (its branch tests only the arch macros __hppa__, __mc68000__)" "$ares"
n=$(line_of include/uapi/linux/patchkey.h '#error "patchkey.h included directly"')
for cell in x86_64 m68k; do
	check "linux/patchkey.h is a skip on $cell: its uapi half's #error says it is not included alone" \
		grep -Fqx "$cell	defconfig	linux/patchkey.h	skip	not meant to be included alone: include/uapi/linux/patchkey.h:$n: #error 'patchkey.h included directly'" "$ares"
done
check "... linux/soundcard.h, which includes it as meant, passes on x86_64" \
	grep -Fqx "x86_64	defconfig	linux/soundcard.h	pass	" "$ares"
check "... linux/count_zeros.h, which trips asm/bitops.h's guard, still fails on x86_64" \
	grep -Eq "^x86_64	defconfig	linux/count_zeros.h	fail	.*#error only <linux/bitops.h> can be included directly$" "$ares"
n=$(grep -n '^BPF_PROG_TYPE(' "$tree/include/linux/bpf_types.h" | head -n 1 | cut -d: -f1)
check "linux/bpf_types.h is a skip on x86_64: an x-macro list, which linux/bpf.h defines and #undefs" \
	grep -Fqx "x86_64	defconfig	linux/bpf_types.h	skip	not meant to be included alone: an x-macro list: line $n invokes BPF_PROG_TYPE(), which only linux/bpf.h defines and #undefs" "$ares"
check "the summary counts 7 skips and 1 failure on x86_64" \
	test "$(awk -F '\t' '$1 == "x86_64" { n[$4]++ } END { print n["skip"] + 0, n["fail"] + 0 }' "$ares")" = "7 1"
check "... KTAP says SKIP with the reason" \
	grep -q "^    ok [0-9]* linux/zorro.h # SKIP not for x86_64: needs asm/zorro.h, which only m68k has" \
	"$work/alone/results.ktap"
check "... JUnit counts them skipped" grep -q 'name="x86_64/defconfig" tests="9" failures="1" errors="0" skipped="7"' \
	"$work/alone/results.xml"
cp "$ares" "$work/alone-first.tsv"
make --no-print-directory selftest-headers CATALOG="catalog/arches.cat catalog/configs.cat $work/alone.cat" \
	ARCHS="x86_64 m68k" CONFIGS=defconfig OUT="$work/alone" > "$work/alone-again.log" 2>&1
check "... a rerun in the same OUT gives the same verdicts, each skip with the same reason" \
	same_file "$work/alone-first.tsv" "$ares"
if [ "$(awk -F '\t' '$1 == "m68k" && $3 == "linux/zorro.h" { print $4 }' "$ares")" = skip ] &&
	! grep -q "^m68k	defconfig	linux/zorro.h	skip	not for m68k" "$ares"; then
	skip "on m68k, which has them, zorro.h, nubus.h and hp_sdc.h are judged" \
		"the m68k cell is a skip here: $(awk -F '\t' '$1 == "m68k" { print $5; exit }' "$ares")"
else
	for h in zorro nubus hp_sdc; do
		check "on m68k, which has what it needs, linux/$h.h is judged: it passes" \
			grep -Fqx "m68k	defconfig	linux/$h.h	pass	" "$ares"
	done
	check "... and dasd_mod.h, s390's, is a skip there too" \
		grep -q "^m68k	defconfig	linux/dasd_mod.h	skip	not for m68k: needs asm/dasd.h, which only s390 has" "$ares"
fi

echo "# bad input"
out/bin/hdrtest catalog-init --tree "$tree" 'linux/no-such-dir/*.h' > "$work/none.cat" 2> "$work/none.log"
rc=$?
check "a pattern that matches nothing is an error (exit $rc)" test "$rc" -eq 2
check "... which says so, and writes nothing" sh -c "grep -q 'no header under .* matches' '$work/none.log' && ! test -s '$work/none.cat'"
out/bin/hdrtest catalog-init --tree "$tree" > /dev/null 2> "$work/usage.log"
rc=$?
check "no pattern is a usage error (exit $rc)" sh -c "test $rc -eq 2 && grep -q 'usage: hdrtest catalog-init' '$work/usage.log'"

summary catalog-init
[ "$fail" -eq 0 ]
