#!/bin/sh
# prepare-kbuild.sh: make one (arch, config) kbuild output dir ready for
# hdrtest's TUs, or say why it cannot be.
#
# Reads its inputs from the environment (set by the GNUmakefile):
#   HT_TREE      kernel source tree
#   HT_ARCH      hdrtest's arch name; HT_KARCH, HT_CROSS, HT_LLVM, HT_PACKAGE
#                (comma-separated), HT_DEFCONFIG, HT_UNAVAILABLE from the
#                arch table
#   HT_CONFIG    config name; HT_BASE its base target ("defconfig": the arch's)
#   HT_FRAGMENT  file with the config's Kconfig fragment (may be empty)
#   HT_CACHE     where prepared build dirs live
#   HT_HDRTEST   the hdrtest binary; HT_CATALOG the catalog files
#   HT_CELL      the cell's out dir; kbuild.env is written there:
#                  kdir=DIR     prepared, or
#                  skip=REASON  not buildable here, or
#                  error=REASON kbuild could not prepare it (log: prepare.log)
#
# A build dir is keyed by everything that changes it: the tree's identity,
# the arch line, the config and its fragment, the compiler's version and
# this script.  Only a complete result is cached: the dir is built under a
# temporary name, with a lock held so that two runs sharing the cache never
# build the same dir at once, and renamed into place after its completion
# stamp (the whole key) was written and read back.  A failed prepare is
# never cached: its cause may be the environment (a full disk), not the tree.
set -eu

die() { echo "hdrtest: error: $*" >&2; exit 1; }

# The object whose compiler command becomes the TUs' command: a tiny file
# in mm/, built on every arch and config, in a dir without extra flags.
object=mm/mmzone.o

cell=$HT_CELL
for v in "$HT_TREE" "$HT_CACHE" "$cell"; do
	case $v in
	*[[:space:]]*) die "'$v': paths with spaces are not supported (KDIR, OUT and HDRTEST_CACHE)" ;;
	esac
done
mkdir -p "$cell"

write_env() {
	printf '%s\n' "$1" > "$cell/kbuild.env.tmp" || die "cannot write $cell/kbuild.env.tmp"
	if cmp -s "$cell/kbuild.env.tmp" "$cell/kbuild.env" 2>/dev/null; then
		rm -f "$cell/kbuild.env.tmp"
	else
		mv -f "$cell/kbuild.env.tmp" "$cell/kbuild.env"
	fi
}

skip() {
	echo "  SKIP    $HT_ARCH/$HT_CONFIG: $*" >&2
	write_env "skip=$*"
	exit 0
}

cell_error() {
	echo "  ERROR   $HT_ARCH/$HT_CONFIG: $*" >&2
	write_env "error=$*"
	exit 0
}

[ -z "$HT_UNAVAILABLE" ] || skip "$HT_UNAVAILABLE"

# Every tool kbuild calls for this arch, each with the Debian package that
# has it: a missing one is a skip naming the package, before any kbuild run.
toolchain_tools() {
	if [ -n "$HT_LLVM" ]; then
		case $HT_LLVM in
		1) v= ;;
		-*) v=$HT_LLVM ;;
		*) die "arch $HT_ARCH: llvm=$HT_LLVM: expected 1 or -VERSION" ;;
		esac
		echo "clang$v clang$v"
		echo "ld.lld$v lld$v"
		for t in ar nm objcopy objdump readelf strip; do
			echo "llvm-$t$v llvm$v"
		done
	else
		binutils=binutils
		[ -z "$HT_CROSS" ] || binutils=binutils-${HT_CROSS%-}
		echo "${HT_CROSS}gcc ${HT_PACKAGE%%,*}"
		for t in as ld ar nm objcopy objdump readelf strip; do
			echo "$HT_CROSS$t $binutils"
		done
	fi
}
missing_tools=
missing_pkgs=
cc=
while read -r tool pkg; do
	[ -n "$cc" ] || cc=$tool	# the first tool is the compiler
	command -v "$tool" >/dev/null 2>&1 && continue
	missing_tools="$missing_tools $tool"
	case " $missing_pkgs " in *" $pkg "*) ;; *) missing_pkgs="$missing_pkgs $pkg" ;; esac
done <<EOF
$(toolchain_tools)
EOF
[ -z "$missing_tools" ] ||
	skip "toolchain incomplete: no${missing_tools}: install Debian package(s)${missing_pkgs} (make deps ARCHS=$HT_ARCH)"

# The tree's identity: the series stamp of a prepared default tree, else
# git's HEAD and dirty state, else the mtime of its top Makefile.
tree=$(cd "$HT_TREE" && pwd)
[ -f "$tree/Makefile" ] || die "$tree is not a kernel tree (no Makefile)"
if ls "$tree"/.*.applied >/dev/null 2>&1; then
	tree_id=$(cat "$tree"/.*.applied)
elif git -C "$tree" rev-parse HEAD >/dev/null 2>&1; then
	tree_id="$(git -C "$tree" rev-parse HEAD) $(git -C "$tree" status --porcelain | cksum)"
else
	tree_id="mtime $(stat -c %Y "$tree/Makefile")"
fi

base=$HT_BASE
[ "$base" != defconfig ] || base=$HT_DEFCONFIG
kvars="ARCH=$HT_KARCH"
[ -z "$HT_CROSS" ] || kvars="$kvars CROSS_COMPILE=$HT_CROSS"
[ -z "$HT_LLVM" ] || kvars="$kvars LLVM=$HT_LLVM"

key_text=$(printf '%s\n' "tree $tree" "tree-id $tree_id" "make $kvars" "base $base" \
	"compiler $("$cc" --version | head -n 1)" "object $object")
key_text=$(printf '%s\n%s\n%s\n' "$key_text" "$(cat "$HT_FRAGMENT")" "$(cat "$0")")
key=$(printf '%s' "$key_text" | sha256sum | cut -c1-16)
kdir=$HT_CACHE/kbuild/$HT_ARCH-$HT_CONFIG-$key
mkdir -p "$HT_CACHE/kbuild" || die "cannot create $HT_CACHE/kbuild"

# A dir is complete only if its stamp holds the whole key: an empty or
# partial stamp (a full disk while writing it) is no stamp.
complete() {
	printf '%s\n' "$key_text" | cmp -s - "$1/.hdrtest-prepared"
}

# What a complete dir says: a skip (Kconfig did not keep the fragment; a
# property of the tree and config, so cached), or ready.
use_dir() {
	[ ! -f "$kdir/.hdrtest-skip" ] || skip "$(cat "$kdir/.hdrtest-skip")"
	write_env "kdir=$kdir"
	exit 0
}

! complete "$kdir" || use_dir

# One prepare of this dir at a time; the loser of the race waits and then
# finds the winner's dir complete.
lock=$HT_CACHE/kbuild/.$HT_ARCH-$HT_CONFIG-$key.lock
exec 9>>"$lock" || die "cannot create the lock file $lock"
if ! flock -n 9; then
	echo "  WAIT    $HT_ARCH/$HT_CONFIG: another run is preparing $kdir" >&2
	flock 9
fi
! complete "$kdir" || use_dir

# Under the lock nobody else builds this dir: what is there is the debris
# of an interrupted run.
rm -rf "$kdir" "$kdir".tmp.*
work=$kdir.tmp.$$
trap 'rm -rf "$work"' EXIT
mkdir -p "$work"
log=$work/hdrtest-prepare.log
celllog=$cell/prepare.log
echo "  PREPARE $HT_ARCH/$HT_CONFIG in $kdir" >&2
start=$(date +%s)

# The first error kbuild printed, with the tree's path taken off.
first_error() {
	{ grep -m 1 -E ': (fatal )?error: |No space left on device' "$log" ||
		grep -m 1 -E 'Error [0-9]' "$log"; } | sed "s|$tree/||g; s|$work|<kbuild dir>|g"
}

# A kbuild step that fails: the cell's error, reported and not cached.
# The log is kept in the cell dir, since the work dir goes away.
failed() {
	reason="$* (log: $celllog)"
	cp -f "$log" "$celllog" 2>/dev/null || reason="$* (the log could not be copied to $celllog)"
	# kbuild's own words for a full disk vary ("I/O error", "write
	# failure"): say it plainly when the cache's file system is full.
	avail=$(df -Pk "$HT_CACHE" 2>/dev/null | awk 'NR == 2 { print $4 }')
	[ -z "$avail" ] || [ "$avail" -ge 1024 ] ||
		reason="$reason; the cache's file system is full ($HT_CACHE: ${avail} KiB free): No space left on device"
	cell_error "$reason"
}

kmake() {
	# shellcheck disable=SC2086 # kvars is a list of make variables
	make -C "$tree" O="$work" $kvars "$@" >>"$log" 2>&1
}

# Written, then read back: a write that failed silently is caught here.
put() { # put FILE TEXT
	printf '%s\n' "$2" > "$1" && [ "$(cat "$1")" = "$2" ]
}

kmake "$base" || failed "kbuild 'make $base' failed: $(first_error)"
if grep -q '^CONFIG_' "$HT_FRAGMENT"; then
	"$tree/scripts/kconfig/merge_config.sh" -m -O "$work" "$work/.config" "$HT_FRAGMENT" >>"$log" 2>&1 ||
		failed "merge_config.sh failed: $(first_error)"
	kmake olddefconfig || failed "kbuild 'make olddefconfig' failed: $(first_error)"
fi
# shellcheck disable=SC2086 # HT_CATALOG is a list of files
if ! lost=$("$HT_HDRTEST" check-config --config "$HT_CONFIG" --dotconfig "$work/.config" \
	--tree "$tree" $HT_CATALOG); then
	[ -n "$lost" ] || failed "hdrtest check-config failed for $HT_ARCH/$HT_CONFIG"
	put "$work/.hdrtest-skip" "config $HT_CONFIG not available on arch $HT_ARCH: Kconfig did not keep $lost" ||
		failed "cannot write $work/.hdrtest-skip"
else
	kmake prepare || failed "kbuild 'make prepare' failed: $(first_error)"
	cmd_object=$object
	if ! kmake "$object"; then
		# The tree itself does not build under this config.  The TUs still
		# get kbuild's flags, from the file 'make prepare' compiled with them.
		if grep -q 'No space left on device' "$log"; then
			failed "kbuild 'make $object' failed: $(first_error)"
		fi
		put "$work/.hdrtest-note" "kbuild itself fails to build $object here: $(first_error)" ||
			failed "cannot write $work/.hdrtest-note"
		cmd_object=kernel/bounds.s
	fi
	"$HT_HDRTEST" kbuild-cmd "$work" "$cmd_object" > "$work/hdrtest-compile.cmd" ||
		failed "cannot extract the compiler command of $cmd_object"
fi
printf '%s\n' "$key_text" > "$work/.hdrtest-prepared" && complete "$work" ||
	failed "cannot write the completion stamp $kdir/.hdrtest-prepared"
mv "$work" "$kdir" || failed "cannot rename $work to $kdir"
trap - EXIT
echo "  PREPARED $HT_ARCH/$HT_CONFIG in $(( $(date +%s) - start )) s" >&2
use_dir
