#!/bin/sh
# make series against a hostile patch and a base that moves, on KDIR = a
# hard-link copy of the default tree made a git tree (two files
# committed), x86_64 defconfig, one header (linux/oom.h: no object
# kbuild's prepare builds reads it), its own HDRTEST_CACHE:
#   - the scratch tree follows KDIR: a header rewritten with #error
#     between two runs fails at the base and at the patch of the second
#   - a base-commit series (a git clone at the commit) and a plain one
#     (KDIR's files) are two trees: the plain series after the
#     base-commit one judges KDIR, not the commit
#   - KDIR, its .git included, is never written, in either order
#   - a patch naming ../../../../victim.h and a file of KDIR through ..
#     does not apply, said with its line and name; the next series on
#     that base removes neither
# Prints "ok"/"not ok" lines and "series-hostile: N passed, N failed, N skipped".
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 1
. "$here/lib.sh"

w=$top/out/e2e-series-hostile
rm -rf "$w"
mkdir -p "$w/p-good" "$w/p-based" "$w/p-evil"
tree=$(make --no-print-directory -s tree-path)
h=include/linux/oom.h

[ -f "$tree/Makefile" ] || make --no-print-directory tree > "$w/tree.log" 2>&1 ||
	{ cat "$w/tree.log"; echo "hdrtest: error: the default tree cannot be built"; exit 1; }
# hard links: a rewrite (sed -i) of a KDIR file makes a new file, the
# default tree keeps its own
cp -al "$tree" "$w/kdir" || exit 1
kdir=$w/kdir
git -C "$kdir" init -q &&
	git -C "$kdir" add -f Makefile "$h" &&
	git -C "$kdir" -c user.name=t -c user.email=t@example.org commit -q -m base || exit 1
commit=$(git -C "$kdir" rev-parse HEAD)
echo 'header linux/oom.h' > "$w/one.cat"

# a patch that adds a file no TU reads; the same with its base commit
patch_text='From: t <t@example.org>
Subject: [PATCH] add a note

---
diff --git a/Documentation/hdrtest-note.txt b/Documentation/hdrtest-note.txt
new file mode 100644
--- /dev/null
+++ b/Documentation/hdrtest-note.txt
@@ -0,0 +1 @@
+a note
'
printf '%s' "$patch_text" > "$w/p-good/0001-add-a-note.patch"
printf '%s\nbase-commit: %s\n' "$patch_text" "$commit" > "$w/p-based/0001-add-a-note.patch"
# the issue's patch: out of the scratch tree (HDRTEST_CACHE/series/ID/tree) by ..
cat > "$w/p-evil/0001-evil.patch" << 'EOF'
From: t <t@example.org>
Subject: [PATCH] reach out

---
--- a/../../../../victim.h
+++ b/../../../../victim.h
@@ -1 +1 @@
-mine
+yours
--- a/../../../../kdir/include/linux/oom.h
+++ b/../../../../kdir/include/linux/oom.h
@@ -1 +1 @@
-x
+y
EOF
echo mine > "$w/victim.h"

# series NAME DIR: make series on KDIR, its exit in $rc, OUT $w/NAME
series() {
	make --no-print-directory series KDIR="$kdir" SERIES="$2" HDRTEST_CACHE="$w/cache" OUT="$w/$1" \
		ARCHS=x86_64 CONFIGS=defconfig CATALOG="catalog/arches.cat catalog/configs.cat $w/one.cat" \
		> "$w/$1.log" 2>&1
	rc=$(cat "$w/$1/run.rc" 2>/dev/null || echo none)
}
# verdict NAME STEP: the header's verdict and detail at a step of run NAME
verdict() { awk -F '\t' '$3 == "linux/oom.h" { print $4 " " $5 }' "$w/$1/series/$2/results.tsv"; }
passes() { test "$(verdict "$1" "$2")" = "pass "; }
fails_on_error() { verdict "$1" "$2" | grep -q '^fail .*#error broken'; }
# snapshot: every file of KDIR with its size and mtime, and the bytes of .git
snapshot() {
	{ find "$kdir" -printf '%P %y %s %T@\n' | sort; (cd "$kdir/.git" && find . -type f -exec cksum {} + | sort); }
}
snapshot > "$w/kdir.0"

echo "# the scratch tree follows KDIR"
series plain1 "$w/p-good"
check "a plain series: exit 0 (run.rc $rc)" test "$rc" = 0
check "... its base passes" passes plain1 0000
check "... and its patch" passes plain1 0001
snapshot > "$w/kdir.1"
check "... KDIR is not written, its .git included" same_file "$w/kdir.0" "$w/kdir.1"
sed -i '1i #error broken' "$kdir/$h"
snapshot > "$w/kdir.2"
series plain2 "$w/p-good"
check "KDIR's header rewritten with #error: the base fails on it" fails_on_error plain2 0000
check "... and so does the patch on it" fails_on_error plain2 0001
check "... the series said it saw KDIR change" grep -q "^  SYNC    1 paths of $kdir changed" "$w/plain2.log"

echo "# a base-commit series and a plain one on the git KDIR"
series based "$w/p-based"
check "a base-commit series runs at the commit ($commit)" grep -q " at base-commit $commit, in " "$w/based.log"
check "... in a tree of its own, not the plain series'" test \
	"$(sed -n 's/^hdrtest series: .* in \(.*\)$/\1/p' "$w/based.log")" != \
	"$(sed -n 's/^hdrtest series: .* in \(.*\)$/\1/p' "$w/plain2.log")"
series plain3 "$w/p-good"
check "the plain series after it judges KDIR, not the commit: fails on #error" fails_on_error plain3 0000
snapshot > "$w/kdir.3"
check "KDIR is not written by plain, base-commit, plain, its .git included" same_file "$w/kdir.2" "$w/kdir.3"

echo "# a patch that names files outside the tree"
series evil1 "$w/p-evil"
check "a patch with a .. name: exit 2 (run.rc $rc)" test "$rc" = 2
check "... refused with its line and name" grep -q \
	"^hdrtest: error: $w/p-evil/0001-evil.patch:5: 'a/../../../../victim.h': a '..' component" "$w/evil1.log"
check "... the series stops there" grep -q '^Stopped at 0001: ' "$w/evil1/series/summary.txt"
series evil2 "$w/p-evil"
check "the next series on that base: the file beside the cache is still there" test -f "$w/victim.h"
check "... and so is KDIR's header" test -f "$kdir/$h"
snapshot > "$w/kdir.4"
check "... KDIR is not written" same_file "$w/kdir.2" "$w/kdir.4"

summary series-hostile
