/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Proof on kernel objects.  A built kbuild dir records, for every object
 * it compiled, the command it used and every file the compiler read
 * (.NAME.o.cmd: savedcmd_ and the deps_ list fixdep wrote from the
 * compiler's -MMD output).  An edit of a tree file can only change the
 * objects whose list names it, so those are the whole set to compile
 * again; each is compiled with its own command, the tree's paths in it
 * replaced by a scratch copy that holds the edit, its output discarded.
 * The built dir is only read: nothing is written there.
 */
#ifndef HDRTEST_OBJECTS_H
#define HDRTEST_OBJECTS_H

struct kobj {
	char *object;		/* "mm/filemap.o", relative to the build dir */
	char *source;		/* "mm/filemap.c", relative to the tree; or as recorded */
	char **argv;		/* its command as recorded (srctree's paths) */
	int argc;
	int *deps;		/* ids of the tree files it read (objects_file_id) */
	int ndeps;
	/* set by objects_compile(): */
	int status;		/* exit status; -1 could not run */
	char *log;		/* what the compiler said */
	long ms;
};

/*
 * Every object of a built dir, in path order.  Invariant: objs[i].deps
 * are ids into files[], each once; files are tree-relative paths
 * ("include/linux/mm.h"), read by at least one object.
 */
struct kobj_set {
	char *kdir;
	char *srctree;
	/* the tree as the objects read it now, when it is not srctree: srctree
	 * with the edits kept so far (make split's working tree); NULL:
	 * srctree.  The commands "against the recorded tree" use it. */
	char *now;
	struct kobj *objs;
	int n;
	char **files;
	int nfiles;
	int cmdfiles;		/* .cmd files read, objects or not */
};

/* Read every object's .cmd file under kdir (built from srctree).  NULL
 * after an error message (kdir unreadable, or no object in it: not a
 * built dir). */
struct kobj_set *objects_load(const char *kdir, const char *srctree);
void objects_free(struct kobj_set *s);

/* The id of tree file path in s, or -1 when no object read it. */
int objects_file_id(const struct kobj_set *s, const char *path);

/* The indexes of the objects that read one of paths[0..n), in path
 * order, into *out (allocated); how many. */
int objects_reading(const struct kobj_set *s, char *const *paths, int npaths, int **out);

/* Compile s->objs[idx[0..n)] again, jobs at once, each in kdir with its
 * own command, every word naming srctree renamed to tree, -o /dev/null
 * and no depfile; logs under tmpdir; syntax_only: a C source is only
 * checked (-fsyntax-only: no code generated, so no warning of the
 * optimizers).  Fills status, log and ms.  Returns how many failed, or -1
 * after an error message (a job could not run). */
int objects_compile(struct kobj_set *s, const int *idx, int n, const char *tree, const char *tmpdir,
		    int jobs, int syntax_only);

/* For s->objs[idx[0..n)], jobs at once, one job each: its command with
 * -E against the recorded tree and against tree, then `hdrtest
 * same-program` on the two texts (objects/tokens.h), the texts removed.
 * status[i]: SAME_PROGRAM_SAME or SAME_PROGRAM_MOVED when object idx[i]
 * needs no compile, anything else when it does (1: the texts differ; a
 * failed -E's status).  pc (may be NULL): the texts before from and into
 * that cache (objects/ppcache.h).  0, or -1 after an error message. */
struct ppcache;
int objects_same_program(struct kobj_set *s, const int *idx, int n, const char *tree, const char *tmpdir,
			 int jobs, struct ppcache *pc, int *status);

/* The lines of each object's preprocessed text (its command with -E -P,
 * against the tree as it is now), jobs at once, into lines[0..n), -1 for
 * one whose -E failed.  0, or -1 after an error message. */
int objects_preprocessed_lines(struct kobj_set *s, const int *idx, int n, const char *tmpdir, int jobs,
			       long *lines);

/* The command objects_compile() runs for o, as one sh line (for a
 * reproducer); tree NULL: the recorded tree. */
char *objects_command(const struct kobj_set *s, const struct kobj *o, const char *tree);

#endif
