# bench/lib.sh: sourced by the bench scripts.  Wall-clock timing and the
# ratios they print.
now() { date +%s.%N; }
since() { echo "$1 $(now)" | awk '{ printf "%.2f", $2 - $1 }'; }
ratio() { echo "$1 $2" | awk '{ printf "%.2f", ($2 > 0) ? $1 / $2 : 0 }'; }
# prepared_sum LOG: the seconds of every "PREPARED ... in N s" line, added up
prepared_sum() { awk '/^  PREPARED / { s += $(NF - 1) } END { print s + 0 }' "$1"; }

# fresh_work NAME: a new work dir only we can enter, its name printed:
# mktemp -d makes it 0700 under a name no one could have made first (a
# fixed name in a shared /tmp is another user's to make, and fill).
fresh_work() { mktemp -d "${TMPDIR:-/tmp}/hdrtest-$1.XXXXXX"; }

# kept_work DIR: DIR, a work dir that is kept to be gone on with, made
# (0700) when missing.  It must be a dir, not a symlink, owned by us and
# not writable by group or others: else another user (who made it first
# at its fixed name) chose its files, which we would write through and
# run.  Status 1 and why on stdout when it is not.
kept_work() {
	kw_err=$(mkdir -m 700 "$1" 2>&1) && return 0
	# one lstat: type, owner and mode of the entry itself
	kw_stat=$(stat -c '%u %a %F' "$1" 2>/dev/null) || { echo "$kw_err"; return 1; }
	kw_uid=${kw_stat%% *}
	kw_mode=${kw_stat#* }
	kw_type=${kw_mode#* }
	kw_mode=${kw_mode%% *}
	if [ "$kw_type" = "symbolic link" ]; then
		echo "$1 is a symlink: refused (remove it, or set TMPDIR to a dir of your own)"
	elif [ "$kw_type" != directory ]; then
		echo "$1 is a $kw_type, not a dir: refused (remove it, or set TMPDIR to a dir of your own)"
	elif [ "$kw_uid" != "$(id -u)" ]; then
		echo "$1 is owned by uid $kw_uid, not by you (uid $(id -u)): refused (remove it, or set TMPDIR" \
			"to a dir of your own)"
	elif [ $((0$kw_mode & 022)) -ne 0 ]; then
		echo "$1 is writable by group or others (mode $kw_mode): refused (remove it, or set TMPDIR" \
			"to a dir of your own)"
	else
		return 0
	fi
	return 1
}
