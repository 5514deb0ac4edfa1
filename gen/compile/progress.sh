# progress.sh: sourced by the scripts that print a line per step of a run
# (compile-tu.sh, prepare-kbuild.sh).
#
# progress_tag KIND TOTAL prints "[n/N] ", like ninja: n counts this run's
# steps of KIND so far, N is how many make will run (TOTAL, counted by a
# dry run, see gen/compile/run-stage.sh).  Steps run in parallel, so the counter
# file is locked.  Without a total (a stage run by hand) it prints nothing:
# progress is decoration, and never fails the step.
progress_tag() {
	[ -n "${HT_PROGRESS_DIR:-}" ] && [ -n "$2" ] || return 0
	pt_file=$HT_PROGRESS_DIR/$1
	pt_n=$( { flock 8 && pt_n=$(( $(cat "$pt_file" 2>/dev/null || echo 0) + 1 )) &&
		echo "$pt_n" > "$pt_file" && echo "$pt_n"; } 8>>"$pt_file.lock" 2>/dev/null) || return 0
	[ -n "$pt_n" ] || return 0
	printf '[%*d/%d] ' "${#2}" "$pt_n" "$2"
}
