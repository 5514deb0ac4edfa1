# kbuild-recipe.sh: sourced by prepare-kbuild.sh.  How a cell's kbuild
# dir is made: everything here decides what is in the dir, so its text is
# part of the dir's cache key (prepare-kbuild.sh, which only locks,
# reports and caches, can change without invalidating every dir).
#
# Uses the driver's plan variables (config, base, fragment, tree), $work,
# $log, and its functions kstep (one kbuild step), failed, first_error
# and put.

# The object whose compiler command becomes the TUs' command: a tiny file
# in mm/, built on every arch and config, in a dir without extra flags.
object=mm/mmzone.o

# The fragment as merge_config.sh reads it ("=n" is "is not set").
fragment_file() {
	echo "# hdrtest config $config"
	for line in $fragment; do
		case $line in
		*=n) echo "# ${line%=n} is not set" ;;
		*) echo "$line" ;;
		esac
	done
}

kbuild_recipe() {
	kstep "make $base" "$base" || failed "kbuild 'make $base' failed: $(first_error)"
	# Only a fragment that sets something is merged (as before the plan).
	merge=
	for line in $fragment; do
		case $line in *=n) ;; *) merge=1 ;; esac
	done
	if [ -n "$merge" ]; then
		fragment_file > "$work/hdrtest-fragment.config" || failed "cannot write $work/hdrtest-fragment.config"
		"$tree/scripts/kconfig/merge_config.sh" -m -O "$work" "$work/.config" "$work/hdrtest-fragment.config" \
			>>"$log" 2>&1 || failed "merge_config.sh failed: $(first_error)"
		kstep "make olddefconfig" olddefconfig || failed "kbuild 'make olddefconfig' failed: $(first_error)"
	fi
	kstep "make prepare" prepare || failed "kbuild 'make prepare' failed: $(first_error)"
	if ! kstep "make $object" "$object"; then
		# The tree itself does not build under this config.  The TUs
		# still get kbuild's flags, from the file 'make prepare'
		# compiled with them.
		if grep -q 'No space left on device' "$log"; then
			failed "kbuild 'make $object' failed: $(first_error)"
		fi
		put "$work/.hdrtest-note" "kbuild itself fails to build $object here: $(first_error)" ||
			failed "cannot write $work/.hdrtest-note"
		object=kernel/bounds.s
	fi
	put "$work/.hdrtest-object" "$object" || failed "cannot write $work/.hdrtest-object"
}
