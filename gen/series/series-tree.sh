#!/bin/sh
# series-tree.sh: the tree of a patch series at one step, in a scratch
# dir that moves from patch to patch at one path (so that each cell's
# kbuild dir follows it incrementally, as a developer's O= dir follows
# his edits).  hdrtest series runs it; it never writes in the base tree.
#
#   series-tree.sh unpack DEST
#       Debian's linux-source-6.12, unpatched, into DEST (once: a DEST
#       with .hdrtest-base is left alone).
#   series-tree.sh apply SCRATCH PATCH STAMP
#       PATCH applied on SCRATCH (patch -p1, no fuzz), after a dry run: a
#       patch that does not apply changes nothing and exits 1 with
#       patch's words.  hdrtest series has checked and recorded the
#       names it writes first (gen/series/scratch.c, which also makes
#       SCRATCH the base again: the files a patch wrote, and those the
#       base changed since, are copied back).
#   series-tree.sh git-reset GITDIR SCRATCH COMMIT STAMP
#   series-tree.sh git-apply SCRATCH COMMIT STAMP
#       The same for a git tree: SCRATCH is a clone of GITDIR that reads
#       its objects through alternates (git clone --shared: nothing is
#       written in GITDIR, as a worktree would write GITDIR/.git/worktrees),
#       checked out at COMMIT (git rewrites only the files that differ,
#       and git-reset removes every file the commit does not have).
#
# STAMP is the first line of SCRATCH/.hdrtest-series.applied, the tree's
# identity for the run (its plan, its kbuild dirs): one per step.
# Exit status: 0 done, 1 the step cannot be made (said on stderr).
set -eu
LC_ALL=C
export LC_ALL

die() { echo "hdrtest: error: $*" >&2; exit 1; }

stamp_file=.hdrtest-series.applied

write_stamp() { # write_stamp SCRATCH TEXT
	printf '%s\n' "$2" > "$1/$stamp_file.tmp" && mv -f "$1/$stamp_file.tmp" "$1/$stamp_file" ||
		die "cannot write $1/$stamp_file"
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case $cmd in
unpack)
	[ $# -eq 1 ] || die "usage: series-tree.sh unpack DEST"
	dest=$1
	[ ! -f "$dest/.hdrtest-base" ] || exit 0
	tarball=${TARBALL:-/usr/src/linux-source-6.12.tar.xz}
	[ -f "$tarball" ] || die "$tarball: no such file (install Debian's linux-source-6.12, or give KDIR=the base tree)"
	rm -rf "$dest" "$dest.tmp"
	mkdir -p "$dest.tmp"
	echo "  UNPACK  $tarball (the series' base tree)" >&2
	tar -xJf "$tarball" -C "$dest.tmp" --strip-components=1 || { rm -rf "$dest.tmp"; die "cannot unpack $tarball"; }
	echo "$tarball" > "$dest.tmp/.hdrtest-base"
	mv "$dest.tmp" "$dest"
	;;
apply)
	[ $# -eq 3 ] || die "usage: series-tree.sh apply SCRATCH PATCH STAMP"
	scratch=$1 patch=$2
	[ -f "$patch" ] || die "$patch: no such file"
	if ! out=$(cd "$scratch" && patch -p1 -F0 -N --dry-run -i "$patch" 2>&1 </dev/null); then
		echo "hdrtest: error: $patch does not apply to the tree of the steps before it:" >&2
		printf '%s\n' "$out" | sed 's/^/  /' >&2
		exit 1
	fi
	(cd "$scratch" && patch -p1 -F0 -N -s --no-backup-if-mismatch -i "$patch" </dev/null) >&2 ||
		die "$patch: patch failed after its dry run passed"
	write_stamp "$scratch" "$3"
	;;
git-reset)
	[ $# -eq 4 ] || die "usage: series-tree.sh git-reset GITDIR SCRATCH COMMIT STAMP"
	git=$1 scratch=$2 commit=$3
	if [ ! -f "$scratch/$stamp_file" ] || [ -L "$scratch/.git" ] || [ ! -d "$scratch/.git" ]; then
		rm -rf "$scratch" "$scratch.tmp.$$"
		mkdir -p "$(dirname "$scratch")"
		git clone -q --shared --no-checkout -- "$git" "$scratch.tmp.$$" >&2 &&
			mv "$scratch.tmp.$$" "$scratch" || { rm -rf "$scratch.tmp.$$"; die "git clone --shared $git failed"; }
	fi
	git -C "$scratch" checkout -q --force --detach "$commit" -- >&2 || die "git checkout $commit failed in $scratch"
	# -x: an ignored file is no more the commit's than any other
	git -C "$scratch" clean -q -f -f -d -x -e "/$stamp_file" >&2 || die "git clean failed in $scratch"
	write_stamp "$scratch" "$4"
	;;
git-apply)
	[ $# -eq 3 ] || die "usage: series-tree.sh git-apply SCRATCH COMMIT STAMP"
	git -C "$1" checkout -q --detach "$2" -- >&2 || die "git checkout $2 failed in $1"
	write_stamp "$1" "$3"
	;;
*)
	die "usage: series-tree.sh unpack|apply|git-reset|git-apply ..."
	;;
esac
