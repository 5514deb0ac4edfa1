#!/bin/sh
# hdrtest fix on the real tree: `make fix` on x86_64 and arm64 defconfig,
# then its patches applied (patch -p1) to a copy of the headers they touch,
# that copy used as OVERLAY for `make selftest-headers`: every slim header
# (linux/mm/*) must then pass on both cells, and every header still
# failing must be one summary.txt reports with its reason.  The patches
# must `git am` onto a git copy of those headers, the tree must be left
# untouched, and a second run must write the same bytes.  The checks are
# then shown to fail on a broken patch.  Prints one "ok"/"not ok" line per
# check and "fix: N passed, N failed, N skipped" last.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
. "$here/lib.sh"

out=out/e2e-fix
fixdir=$top/$out/fix
tree=$(make -s tree-path)
rm -rf "$out" "$out-apply" "$out-ovl-applied" "$out-applied" "$out-copy" "$out-broken" "$out-git" "$out-ovl" "$out-ovl-src" "$out-cond" "$out-cond-src" "$out-r2" "$out-r2-src"
mkdir -p "$out"

# the files the series touches, as paths in the tree
touched() { sed -n 's|^+++ b/||p' "$@" | sort -u; }

# apply_copy DIR PATCH...: copy of the touched headers under DIR, patched
apply_copy() {
	dir=$1
	shift
	for f in $(touched "$@"); do
		mkdir -p "$dir/$(dirname "$f")" && cp "$tree/$f" "$dir/$f" || return 1
	done
	for p in "$@"; do
		patch -s -p1 -d "$dir" < "$p" || return 1
	done
}

# slim_pass TSV: every linux/mm/* row passes
slim_pass() {
	awk -F '\t' '$3 ~ /^linux\/mm\// && $4 != "pass" { print "# still failing: " $1 "/" $2 " " $3; bad = 1 }
		END { exit bad }' "$1"
}

# failures_reported TSV SUMMARY: every failing header is named in SUMMARY
failures_reported() {
	ok_=0
	for h in $(awk -F '\t' '$4 != "pass" { print $3 }' "$1" | sort -u); do
		grep -q "$h" "$2" || { echo "# $h fails but summary.txt does not name it"; ok_=1; }
	done
	return $ok_
}

# the headers a fix here may touch, before: they must stay as they are
sums() { sha256sum "$tree"/include/linux/mm/*.h "$tree"/include/linux/*.h; }
sums > "$out.sums"

start=$(date +%s)
make -j2 fix OUT=$out > "$out.log" 2>&1
rc=$?
end=$(date +%s)
echo "# make fix: exit $rc in $((end - start)) s (log: $out.log)"
grep '^hdrtest fix:' "$out.log" | sed 's/^/# /'
fix_failed() { test "$rc" -eq 2 && grep -q "^make\(\[[0-9]*\]\)\{0,1\}: \*\*\* \[GNUmakefile:[0-9]*: fix\] Error 1$" "$out.log"; }
check "make fix fails with hdrtest fix's exit 1: some failures have no patch (the chains to linux/mm.h)" fix_failed
check "it writes a series of 2 patches" test "$(wc -l < "$fixdir/series" 2>/dev/null)" -eq 2
set -- $(sed "s|^|$fixdir/|" "$fixdir/series" 2>/dev/null)
check "devmap_managed.h gets a forward declaration of struct folio" \
	grep -q '^Subject: \[PATCH 1/2\] linux/mm/devmap_managed.h: declare struct folio$' "$fixdir/0001-"*.patch
check "page_address.h gets an include of linux/mm/folio_size.h for thp_size()" \
	grep -q '^+#include <linux/mm/folio_size.h> // for thp_size()' "$fixdir/0002-"*.patch
check "summary.txt reports the chain through asm/cacheflush.h and what it uses from linux/mm.h" \
	grep -q '^arch/arm64/include/asm/cacheflush.h:12 includes linux/mm.h$' "$fixdir/summary.txt"
# Every failing header in exactly one class (classes.tsv, and summary.txt's table).
one_class_each() {
	awk -F '\t' '$4 == "fail" { print $3 }' "$out/results.tsv" | sort -u > "$out.failing"
	cut -f1 "$fixdir/classes.tsv" > "$out.classed"
	same_file "$out.failing" "$out.classed"
}
check "classes.tsv has every header that fails on a cell, each once ($(awk -F '\t' '$4 == "fail" { print $3 }' "$out/results.tsv" | sort -u | wc -l))" one_class_each
check "... devmap_managed.h: fixed by a declaration" grep -qx 'linux/mm/devmap_managed.h	fixed by a declaration	' "$fixdir/classes.tsv"
check "... folio_usage.h, which failed through it: fixed by a declaration too" grep -qx 'linux/mm/folio_usage.h	fixed by a declaration	' "$fixdir/classes.tsv"
check "... page_address.h: fixed by an include" grep -qx 'linux/mm/page_address.h	fixed by an include	' "$fixdir/classes.tsv"
check "... bio.h: not fixable yet, pulling in linux/mm.h through a chain" \
	grep -q '^linux/bio.h	not fixable yet	pulls in the forbidden header linux/mm.h: linux/bio.h -> ' "$fixdir/classes.tsv"
check "... and summary.txt counts them: 3 fixed, 4 not yet" sh -c \
	"grep -q '^7 headers fail on a cell of the run; each in one class' '$fixdir/summary.txt' && grep -q '^  fixed by a declaration  *2$' '$fixdir/summary.txt' && grep -q '^  not fixable yet  *4$' '$fixdir/summary.txt'"
# The default tree is Debian's source, not a git repository: git am would
# fail there, patch -p1 applies.
check "make fix prints how to apply the series to a tree that is no git repository (patch -p1)" \
	grep -q "^Apply with: cd $tree && cat $fixdir/0001-.* $fixdir/0002-.* | patch -p1$" "$out.log"
apply_line_works() {
	d=$top/$out-apply && rm -rf "$d" && mkdir -p "$d" && for f in $(touched "$@"); do
		mkdir -p "$d/$(dirname "$f")" && cp "$tree/$f" "$d/$f"
	done && (cd "$d" && eval "$(sed -n "s|^Apply with: cd $tree && ||p" "$top/$out.log")") > /dev/null
}
check "... and that command applies it (to a copy of the touched headers)" apply_line_works "$@"

# git am onto a git copy of the touched headers
git_am() {
	g=$top/$out-git
	rm -rf "$g" && mkdir -p "$g" && for f in $(touched "$@"); do
		mkdir -p "$g/$(dirname "$f")" && cp "$tree/$f" "$g/$f"
	done && git -C "$g" init -q && git -C "$g" add -A &&
		git -C "$g" -c user.name=t -c user.email=t@t commit -qm base &&
		git -C "$g" -c user.name=t -c user.email=t@t am -q "$@" > "$out-git.log" 2>&1 &&
		test "$(git -C "$g" log --format=%s | head -n 1)" = "$(sed -n 's/^Subject: \[PATCH [0-9/]*\] //p' "$2")"
}
check "the series applies with git am" git_am "$@"

# the patched copy as an overlay: every slim header passes now
apply_copy "$top/$out-copy" "$@" && applied=0 || applied=1
check "the patches apply with patch -p1 to a copy of the headers" test "$applied" -eq 0
make -j2 selftest-headers OVERLAY="$top/$out-copy/include" OUT=$out-applied > "$out-applied.log" 2>&1
check "with them, every linux/mm/* header passes on both cells" slim_pass "$out-applied/results.tsv"
check "every header still failing is reported in summary.txt" \
	failures_reported "$out-applied/results.tsv" "$fixdir/summary.txt"
tree_same() { test -s "$out.sums" && sums | cmp -s - "$out.sums"; }
check "the tree (include/linux, include/linux/mm) is untouched" tree_same

# the same run again writes the same bytes
cp -r "$fixdir" "$out.first"
out/bin/hdrtest fix --out "$out" $(cat "$out/cells") > /dev/null 2>&1
same() { for f in series summary.txt $(cat "$out.first/series"); do same_file "$out.first/$f" "$fixdir/$f" || return 1; done; }
check "a second run writes the same series, summary and patches" same
rm -rf "$out.first"

# The patches are the user's to send: From: is the user's git identity
# (here GIT_AUTHOR_*), Signed-off-by only when asked (--signoff, make fix
# SIGNOFF=1), and the kernel's scripts/checkpatch.pl --strict finds
# nothing else in them.  checkpatch is Perl: installed when missing.
checkpatch_ok() { perl -MTerm::ANSIColor -MEncode -MGetopt::Long -e 1 > /dev/null 2>&1; }
checkpatch_ok || gen/setup/deps.sh perl > "$out-perl.log" 2>&1
as_ada() { GIT_AUTHOR_NAME="Ada Tester" GIT_AUTHOR_EMAIL="ada@example.org" "$@"; }
# checkpatch_totals: each patch's "total:" line, one per patch
checkpatch_totals() {
	for p in $(sed "s|^|$fixdir/|" "$fixdir/series"); do
		perl "$tree/scripts/checkpatch.pl" --strict --no-tree --no-color "$p" 2>&1 | grep '^total: '
	done
}
as_ada out/bin/hdrtest fix --out "$out" $(cat "$out/cells") > "$out-ada.log" 2>&1
check "From: is the user's git identity" grep -qx 'From: Ada Tester <ada@example.org>' "$fixdir/0001-"*.patch
check "... and no Signed-off-by unless asked" sh -c "! grep -q '^Signed-off-by:' '$fixdir'/0*.patch"
cover=$fixdir/0000-cover-letter.patch
check "a cover letter: [PATCH 0/2], from the user, with the proof matrix, not in the series file" sh -c \
	"grep -qx 'Subject: \\[PATCH 0/2\\] make 2 headers self-contained' '$cover' &&
	 grep -qx 'From: Ada Tester <ada@example.org>' '$cover' &&
	 grep -qx 'linux/mm/devmap_managed.h  *fixed  *fixed' '$cover' &&
	 grep -qx 'Ada Tester (2):' '$cover' && ! grep -q cover-letter '$fixdir/series'"
check "... and no base-commit: the default tree is no git repository" sh -c "! grep -q '^base-commit:' '$cover'"
check "every line of the commit messages (and the cover letter's text) is at most 75 columns" sh -c \
	"! sed -n '/^Subject: /,/^---\$/{/^Subject: /d;p}' \$(sed 's|^|$fixdir/|' '$fixdir/series') | grep -q '.\{76\}' &&
	 ! sed -n '/^Subject: /,/^-- \$/{/^Subject: /d;/^header  /d;/^linux/d;p}' '$cover' | grep -q '.\{76\}'"
if checkpatch_ok; then
	checkpatch_totals > "$out-cp-plain.txt"
	check "checkpatch.pl --strict without SIGNOFF: only the missing sign-off (1 error) on each of the 2 patches" \
		sh -c "[ \$(grep -cx 'total: 1 errors, 0 warnings, 0 checks, [0-9]* lines checked' '$out-cp-plain.txt') -eq 2 ]"
	as_ada out/bin/hdrtest fix --out "$out" --signoff $(cat "$out/cells") > "$out-ada.log" 2>&1
	check "--signoff (SIGNOFF=1): Signed-off-by: the user, in each patch" sh -c \
		"[ \$(grep -lx 'Signed-off-by: Ada Tester <ada@example.org>' '$fixdir'/0*.patch | wc -l) -eq 2 ]"
	checkpatch_totals > "$out-cp-signed.txt"
	check "checkpatch.pl --strict with SIGNOFF=1: 0 errors, 0 warnings, 0 checks on each of the 2 patches" \
		sh -c "[ \$(grep -cx 'total: 0 errors, 0 warnings, 0 checks, [0-9]* lines checked' '$out-cp-signed.txt') -eq 2 ]"
else
	skip "checkpatch.pl on the patches" "perl (with Term::ANSIColor) cannot be installed: $(tr '\n' ' ' < "$out-perl.log")"
fi
GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 HOME=/nonexistent \
	out/bin/hdrtest fix --out "$out" --signoff $(cat "$out/cells") > "$out-noid.log" 2>&1
rc=$?
check "--signoff with no git identity: refused (exit $rc), saying what to set, the patches left as they were" sh -c \
	"[ $rc -eq 2 ] && grep -q 'needs your identity.*user.name and user.email' '$out-noid.log' && [ -s '$fixdir/series' ]"

# A name only the forbidden header defines: the run's overlay holds a
# page_address.h whose new function needs folio_pfn() (only in linux/mm.h),
# as on the sparsemem cells.  No patch for it, one line saying why, and the
# include for thp_size() still made, on the overlay's copy (x86_64 only).
ov=$top/$out-ovl-src
mkdir -p "$ov/linux/mm"
awk '/^#endif / { last = NR } { l[NR] = $0 } END { for (i = 1; i <= NR; i++) { if (i == last)
	printf "static inline unsigned long hdrtest_probe_pfn(struct folio *folio)\n{\n\treturn folio_pfn(folio);\n}\n\n"
	print l[i] } }' "$tree/include/linux/mm/page_address.h" > "$ov/linux/mm/page_address.h"
make -j2 fix ARCHS=x86_64 OVERLAY="$ov" OUT=$out-ovl > "$out-ovl.log" 2>&1
want="linux/mm/page_address.h: hdrtest_probe_pfn() needs folio_pfn(), defined only in linux/mm.h (forbidden): move folio_pfn() out of mm.h, or rewrite hdrtest_probe_pfn() without it"
check "a name only linux/mm.h defines gets no patch and the one line saying why" \
	grep -qxF "$want" "$out-ovl/fix/summary.txt"
check "... and its header still gets the include for thp_size()" \
	grep -q "^linux/mm/page_address.h  *include linux/mm/folio_size.h for thp_size()" "$out-ovl/fix/summary.txt"
check "... and is kept: where it failed, it fails only for folio_pfn() now" \
	grep -q "^ *still failing, for other reasons: x86_64/defconfig: linux/mm/page_address.h: hdrtest_probe_pfn() uses folio_pfn()" "$out-ovl/fix/summary.txt"
check "... and page_address.h's class: needs a move, naming folio_pfn() and linux/mm.h" \
	grep -qxF "linux/mm/page_address.h	needs a move	$want" "$out-ovl/fix/classes.tsv"
# The fix of a header the overlay holds is a diff of the overlay's copy
# (what the run compiled): a series of its own, applied in the overlay.
check "a fix of the overlay's copy is not in the tree's series" \
	sh -c "! grep -q page_address '$out-ovl/fix/series' && grep -q '^overlay-0001-linux-mm-page-address-h' '$out-ovl/fix/overlay-series'"
check "... its paths are the overlay's (a/linux/mm/page_address.h)" \
	grep -q '^--- a/linux/mm/page_address.h$' "$out-ovl/fix/overlay-0001-"*.patch
check "... summary.txt says to apply it in the overlay" \
	grep -q "^Apply with: cd $ov && cat $top/$out-ovl/fix/overlay-0001-.* | patch -p1$" "$out-ovl/fix/summary.txt"
rm -rf "$top/$out-ovl-applied" && cp -r "$ov" "$top/$out-ovl-applied"
check "... and it applies there" sh -c "cat '$top/$out-ovl/fix/'overlay-0001-*.patch | (cd '$top/$out-ovl-applied' && patch -s -p1)"

# A use under #if gets its include unconditionally, as a reviewer writes
# it, when that breaks nothing: page_address.h with a function under
# "#ifdef _LINUX_MM_FOLIO_SIZE_H" (true where folio_size.h came first) that
# needs page_is_pfmemalloc() from linux/mm/pfmemalloc.h (x86_64 only).
ov2=$top/$out-cond-src
mkdir -p "$ov2/linux/mm"
awk '/^#endif / { last = NR } { l[NR] = $0 } END { for (i = 1; i <= NR; i++) { if (i == last)
	printf "#ifdef _LINUX_MM_FOLIO_SIZE_H\nstatic inline bool hdrtest_probe_cond(const struct page *page)\n{\n\treturn page_is_pfmemalloc(page);\n}\n#endif\n\n"
	print l[i] } }' "$tree/include/linux/mm/page_address.h" > "$ov2/linux/mm/page_address.h"
make -j2 fix ARCHS=x86_64 OVERLAY="$ov2" OUT=$out-cond > "$out-cond.log" 2>&1
cond_include() {
	grep -A1 '^+#include <linux/mm/folio_size.h>' "$out-cond/fix/"overlay-0001-*.patch | tr '\n' '|' |
		grep -q '^+#include <linux/mm/folio_size.h> // for thp_size(), folio_size()|+#include <linux/mm/pfmemalloc.h> // for page_is_pfmemalloc()|' &&
		! grep -q '^+#if' "$out-cond/fix/"overlay-0001-*.patch
}
check "a use under #ifdef gets its include unconditionally: it breaks nothing" cond_include
check "... and it is proven: page_address.h passes with it" \
	sh -c "grep -A1 '^linux/mm/page_address.h .*pfmemalloc' '$out-cond/fix/summary.txt' | grep -q 'kept, proven on: x86_64/defconfig'"

# A fix that uncovers the next missing name: page_address.h needs
# page_is_pfmemalloc() (linux/mm/pfmemalloc.h), and under
# "#ifdef _LINUX_MM_PFMEMALLOC_H", true only once that include is made,
# is_vmalloc_addr() (linux/mm/vmalloc_addr.h): a second round (x86_64 only).
ov3=$top/$out-r2-src
mkdir -p "$ov3/linux/mm"
awk '/^#endif / { last = NR } { l[NR] = $0 } END { for (i = 1; i <= NR; i++) { if (i == last)
	printf "static inline bool hdrtest_r1(const struct page *page)\n{\n\treturn page_is_pfmemalloc(page);\n}\n#ifdef _LINUX_MM_PFMEMALLOC_H\nstatic inline bool hdrtest_r2(const void *x)\n{\n\treturn is_vmalloc_addr(x);\n}\n#endif\n\n"
	print l[i] } }' "$tree/include/linux/mm/page_address.h" > "$ov3/linux/mm/page_address.h"
make -j2 fix ARCHS=x86_64 OVERLAY="$ov3" OUT=$out-r2 > "$out-r2.log" 2>&1
check "a name a fix uncovers is found by a second round of proof" grep -q "^hdrtest fix: 1 cells, 2 rounds of proof" "$out-r2/fix/summary.txt"
check "... and gets its include, and the whole fix is proven" \
	sh -c "grep -q '^+#include <linux/mm/vmalloc_addr.h> // for is_vmalloc_addr()' '$out-r2/fix/'overlay-0001-*.patch && grep -A1 '^linux/mm/page_address.h .*vmalloc_addr' '$out-r2/fix/summary.txt' | grep -q 'kept, proven on: x86_64/defconfig'"

# The fixes that follow from what the census showed beside a missing name
# (x86_64 only): tpm_pcr_read()'s stub takes int where its declaration
# takes u32; fs_pin.h has no include guard; rcu_node_tree.h's #if tests
# NR_CPUS, which it does not get.  Each gets its patch, proven, in its
# class, checkpatch-clean, and with the patches applied every one passes.
kinds=$top/$out-kinds
rm -rf "$kinds" "$kinds-copy" "$kinds-applied" && mkdir -p "$kinds"
out/bin/hdrtest catalog-init --tree "$tree" --out "$kinds.cat" linux/tpm.h linux/fs_pin.h linux/rcu_node_tree.h \
	> "$kinds-init.log" 2>&1
as_ada make -j2 fix ARCHS=x86_64 SIGNOFF=1 CATALOG="catalog/arches.cat catalog/configs.cat $kinds.cat" \
	OUT="$kinds" > "$kinds.log" 2>&1
check "a stub, a missing guard and an #if's macro: each fixed in its class" sh -c \
	"grep -qx 'linux/tpm.h	fixed by a stub made to match	' '$kinds/fix/classes.tsv' &&
	 grep -qx 'linux/fs_pin.h	fixed by an include guard	' '$kinds/fix/classes.tsv' &&
	 grep -qx 'linux/rcu_node_tree.h	fixed by an include for an #if macro	' '$kinds/fix/classes.tsv'"
check "... the stub takes u32 pcr_idx, as its declaration does" \
	grep -q '^+static inline int tpm_pcr_read(struct tpm_chip \*chip, u32 pcr_idx,$' "$kinds/fix/"*tpm*.patch
check "... the guard is the tree's style" sh -c \
	"grep -qx '+#ifndef _LINUX_FS_PIN_H' '$kinds/fix/'*fs-pin*.patch &&
	 grep -qx '+#endif /\\* _LINUX_FS_PIN_H \\*/' '$kinds/fix/'*fs-pin*.patch"
check "... linux/threads.h comes before the #if that tests NR_CPUS" \
	grep -q '^+#include <linux/threads.h> // for NR_CPUS$' "$kinds/fix/"*rcu-node-tree*.patch
if checkpatch_ok; then
	kind_totals() {
		for p in $(sed "s|^|$kinds/fix/|" "$kinds/fix/series"); do
			perl "$tree/scripts/checkpatch.pl" --strict --no-tree --no-color "$p" 2>&1 | grep '^total: '
		done
	}
	kind_totals > "$kinds-cp.txt"
	check "... checkpatch.pl --strict: 0 errors, 0 warnings, 0 checks on each of the 3 patches" \
		sh -c "[ \$(grep -cx 'total: 0 errors, 0 warnings, 0 checks, [0-9]* lines checked' '$kinds-cp.txt') -eq 3 ]"
else
	skip "checkpatch.pl on the stub, guard and #if patches" "perl (with Term::ANSIColor) cannot be installed"
fi
apply_copy "$kinds-copy" $(sed "s|^|$kinds/fix/|" "$kinds/fix/series" 2>/dev/null) && applied=0 || applied=1
make -j2 selftest-headers ARCHS=x86_64 CATALOG="catalog/arches.cat catalog/configs.cat $kinds.cat" \
	OVERLAY="$kinds-copy/include" OUT="$kinds-applied" > "$kinds-applied.log" 2>&1
check "... and with them applied, the three pass" sh -c \
	"[ $applied -eq 0 ] && [ \$(awk -F '\t' '\$4 == \"pass\"' '$kinds-applied/results.tsv' | wc -l) -eq 3 ]"

# the checks fail on a broken patch: the declaration names another tag
echo "# the checks fail on a broken patch"
mkdir -p "$out-broken"
for p in "$@"; do
	sed 's/^+struct folio;/+struct folia;/' "$p" > "$out-broken/$(basename "$p")"
done
set -- "$out-broken"/*.patch
apply_copy "$top/$out-broken/copy" "$@"
make -j2 selftest-headers OVERLAY="$top/$out-broken/copy/include" OUT=$out-broken/run > "$out-broken.log" 2>&1
if slim_pass "$out-broken/run/results.tsv" > /dev/null; then
	not_ok "with a wrong declaration, devmap_managed.h fails again (the slim check catches it)"
else
	ok "with a wrong declaration, devmap_managed.h fails again (the slim check catches it)"
fi
sed 's/^ #include <linux\/types.h>/ #include <linux\/typo.h>/' "$fixdir/0001-"*.patch > "$out-broken/bad.patch"
if git_am "$out-broken/bad.patch" "$out-broken/bad.patch" 2>/dev/null; then
	not_ok "a patch whose context does not match is refused by the git am check"
else
	ok "a patch whose context does not match is refused by the git am check"
fi

# A proof whose compiles cannot be recorded as verdicts (compile.sh cannot
# run the compiler: no gcc in PATH) is an error of the run, never a proven
# fix.
mkdir -p "$out-broken/nobin"
env PATH="$out-broken/nobin" out/bin/hdrtest fix --out "$out" --jobs 2 x86_64/defconfig arm64/defconfig \
	> "$out-broken/norecord.log" 2>&1
rc=$?
check "a proof whose compiler cannot run fails hdrtest fix (exit $rc)" sh -c "[ $rc -eq 2 ] && grep -q 'could not run the compiler' '$out-broken/norecord.log'"
check "... and proves no fix" sh -c "! grep -q 'kept, proven on' '$out-broken/norecord.log' '$fixdir/summary.txt' 2>/dev/null"

summary fix
[ "$fail" -eq 0 ]
