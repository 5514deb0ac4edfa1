// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include "objects/objects.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <uthash.h>

#include "base/files.h"
#include "base/util.h"
#include "exec/jobserver.h"
#include "exec/pool.h"
#include "generate/kbuild_cmd.h"
#include "objects/ppcache.h"
#include "objects/tokens.h"

struct file_id {
	const char *path;	/* owned by the set's files[] */
	int id;
	UT_hash_handle hh;
};

struct loader {
	struct kobj_set *s;
	struct file_id *ids;
	int error;
};

static int intern(struct loader *ld, const char *path)
{
	struct file_id *e;

	HASH_FIND_STR(ld->ids, path, e);
	if (e)
		return e->id;
	e = xcalloc(1, sizeof(*e));
	e->id = ld->s->nfiles;
	*(char **)push(&ld->s->files, &ld->s->nfiles, sizeof(char *)) = xstrdup(path);
	e->path = ld->s->files[e->id];
	HASH_ADD_KEYPTR(hh, ld->ids, e->path, strlen(e->path), e);
	return e->id;
}

/* The value of "KEY := " in text (up to the end of its line), or NULL. */
static char *assignment(const char *text, const char *key)
{
	char *k = xasprintf("%s := ", key);
	const char *p = text, *e;

	/* at a line start only */
	while ((p = strstr(p, k)) && p != text && p[-1] != '\n')
		p++;
	free(k);
	if (!p)
		return NULL;
	p += strlen(key) + 4;
	e = strchr(p, '\n');
	return e ? xstrndup(p, e - p) : xstrdup(p);
}

/* The tree files of deps_OBJ's list: "  PATH \" lines after "deps_OBJ :=
 * \", $(wildcard ...) config dependencies left out. */
static void read_deps(struct loader *ld, struct kobj *o, const char *text)
{
	char *key = xasprintf("deps_%s := \\\n", o->object);
	const char *p = strstr(text, key);
	size_t sl = strlen(ld->s->srctree);

	if (p)
		p += strlen(key);
	free(key);
	while (p && *p == ' ') {
		const char *e = strchr(p, '\n'), *w = p, *we;
		int more;

		if (!e)
			e = p + strlen(p);
		we = e;
		while (we > w && (we[-1] == '\\' || we[-1] == ' '))
			we--;
		more = e > p && e[-1] == '\\';
		while (w < we && *w == ' ')
			w++;
		if ((size_t)(we - w) > sl + 1 && !strncmp(w, ld->s->srctree, sl) && w[sl] == '/') {
			char *rel = xstrndup(w + sl + 1, we - w - sl - 1);
			int id = intern(ld, rel), i;

			for (i = 0; i < o->ndeps && o->deps[i] != id; i++)
				;
			if (i == o->ndeps)
				*(int *)push(&o->deps, &o->ndeps, sizeof(int)) = id;
			free(rel);
		}
		if (!more || !*e)
			break;
		p = e + 1;
	}
}

/* One .NAME.cmd file: an object if it records a command and deps. */
static void load_cmd(struct loader *ld, const char *rel_dir, const char *name)
{
	char *path = xasprintf("%s/%s%s%s", ld->s->kdir, rel_dir, *rel_dir ? "/" : "", name);
	char *text = read_file(path, NULL), *object, *key, *cmd, *src;
	struct kobj o = { 0 };

	ld->s->cmdfiles++;
	if (!text) {
		error("cannot read %s: %s", path, strerror(errno));
		ld->error = 1;
		free(path);
		return;
	}
	/* ".filemap.o.cmd" is the file of "filemap.o" */
	object = xasprintf("%s%s%.*s", rel_dir, *rel_dir ? "/" : "", (int)(strlen(name) - 5), name + 1);
	key = xasprintf("savedcmd_%s", object);
	cmd = assignment(text, key);
	free(key);
	key = xasprintf("source_%s", object);
	src = assignment(text, key);
	free(key);
	o.object = object;
	if (cmd && src && !shell_split(cmd, &o.argv, &o.argc) && o.argc > 2) {
		size_t sl = strlen(ld->s->srctree);

		if (!strncmp(src, ld->s->srctree, sl) && src[sl] == '/')
			o.source = xstrdup(src + sl + 1);
		else
			o.source = xstrdup(src);
		read_deps(ld, &o, text);
	}
	if (o.ndeps) {
		*(struct kobj *)push(&ld->s->objs, &ld->s->n, sizeof(o)) = o;
	} else {
		while (o.argc)
			free(o.argv[--o.argc]);
		free(o.argv);
		free(o.source);
		free(o.object);
	}
	free(cmd);
	free(src);
	free(text);
	free(path);
}

static void walk(struct loader *ld, const char *rel_dir)
{
	char *path = xasprintf("%s/%s", ld->s->kdir, rel_dir);
	DIR *d = opendir(path);
	struct dirent *de;
	char **subdirs = NULL, **cmds = NULL;
	int nsub = 0, ncmd = 0, i;

	if (!d) {
		error("cannot read %s: %s", path, strerror(errno));
		ld->error = 1;
		free(path);
		return;
	}
	while ((de = readdir(d))) {
		const char *n = de->d_name;
		struct stat st;
		char *p;

		if (!strcmp(n, ".") || !strcmp(n, ".."))
			continue;
		if (n[0] == '.' && n[1] != '.' && (ends_with(n, ".o.cmd") || ends_with(n, ".s.cmd"))) {
			*(char **)push(&cmds, &ncmd, sizeof(char *)) = xstrdup(n);
			continue;
		}
		if (n[0] == '.')
			continue;
		p = xasprintf("%s/%s", path, n);
		if (!lstat(p, &st) && S_ISDIR(st.st_mode))
			*(char **)push(&subdirs, &nsub, sizeof(char *)) = xstrdup(n);
		free(p);
	}
	closedir(d);
	/* path order, whatever readdir's */
	if (ncmd)
		qsort(cmds, ncmd, sizeof(char *), cmp_strings);
	if (nsub)
		qsort(subdirs, nsub, sizeof(char *), cmp_strings);
	for (i = 0; i < ncmd; i++) {
		load_cmd(ld, rel_dir, cmds[i]);
		free(cmds[i]);
	}
	for (i = 0; i < nsub; i++) {
		char *sub = xasprintf("%s%s%s", rel_dir, *rel_dir ? "/" : "", subdirs[i]);

		walk(ld, sub);
		free(sub);
		free(subdirs[i]);
	}
	free(cmds);
	free(subdirs);
	free(path);
}

struct kobj_set *objects_load(const char *kdir, const char *srctree)
{
	struct loader ld = { 0 };
	struct file_id *e, *tmp;

	ld.s = xcalloc(1, sizeof(*ld.s));
	ld.s->kdir = xstrdup(kdir);
	ld.s->srctree = xstrdup(srctree);
	walk(&ld, "");
	HASH_ITER(hh, ld.ids, e, tmp) {
		HASH_DEL(ld.ids, e);
		free(e);
	}
	if (!ld.error && !ld.s->n)
		error("%s: no object with a recorded command and dependencies (.NAME.o.cmd): "
		      "not a built kbuild dir of %s", kdir, srctree);
	if (ld.error || !ld.s->n) {
		objects_free(ld.s);
		return NULL;
	}
	return ld.s;
}

void objects_free(struct kobj_set *s)
{
	int i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++) {
		struct kobj *o = &s->objs[i];

		while (o->argc)
			free(o->argv[--o->argc]);
		free(o->argv);
		free(o->deps);
		free(o->object);
		free(o->source);
		free(o->log);
	}
	for (i = 0; i < s->nfiles; i++)
		free(s->files[i]);
	free(s->files);
	free(s->objs);
	free(s->kdir);
	free(s->srctree);
	free(s->now);
	free(s);
}

int objects_file_id(const struct kobj_set *s, const char *path)
{
	int i;

	/* one lookup per edited file: a scan is cheap enough */
	for (i = 0; i < s->nfiles; i++)
		if (!strcmp(s->files[i], path))
			return i;
	return -1;
}

int objects_reading(const struct kobj_set *s, char *const *paths, int npaths, int **out)
{
	int *ids = xcalloc(npaths ? npaths : 1, sizeof(int)), n = 0, i, j, k;

	*out = NULL;
	for (i = 0; i < npaths; i++)
		ids[i] = objects_file_id(s, paths[i]);
	for (i = 0; i < s->n; i++) {
		const struct kobj *o = &s->objs[i];
		int hit = 0;

		for (j = 0; j < o->ndeps && !hit; j++)
			for (k = 0; k < npaths && !hit; k++)
				hit = ids[k] >= 0 && o->deps[j] == ids[k];
		if (hit)
			*(int *)push(out, &n, sizeof(int)) = i;
	}
	free(ids);
	return n;
}

/* What a job does with an object's command: compile it (no object
 * kept), only check it, preprocess it, or preprocess it against both
 * trees and compare the texts (OBJ_SAME_PROGRAM: a sh line). */
enum obj_mode { OBJ_COMPILE, OBJ_SYNTAX, OBJ_PREPROCESS, OBJ_SAME_PROGRAM };

/* o's command words against tree (NULL: s->now, the tree as it is now,
 * else the recorded one): srctree renamed in every word, no depfile, and
 * by mode: OBJ_COMPILE writes the object to /dev/null; OBJ_SYNTAX only
 * checks a C source (-fsyntax-only, no object; other sources as
 * OBJ_COMPILE); OBJ_PREPROCESS writes the preprocessed text to out (-E -P,
 * __LINE__ unexpanded). */
static char **command_words(const struct kobj_set *s, const struct kobj *o, const char *tree,
			    enum obj_mode mode, const char *out, int *argc)
{
	char **argv = NULL;
	size_t sl = strlen(s->srctree);
	int i;

	if (!tree)
		tree = s->now;
	*argc = 0;
	if (mode == OBJ_SYNTAX && !ends_with(o->source, ".c"))
		mode = OBJ_COMPILE;
	for (i = 0; i < o->argc; i++) {
		const char *w = o->argv[i], *hit;
		struct strbuf sb;

		if (starts_with(w, "-Wp,-MMD,") || starts_with(w, "-Wp,-MD,"))
			continue;
		/* -c, or -S (asm-offsets.s) */
		if (mode != OBJ_COMPILE && (!strcmp(w, "-c") || !strcmp(w, "-S"))) {
			*(char **)push(&argv, argc, sizeof(char *)) = xstrdup(mode == OBJ_SYNTAX ? "-fsyntax-only" : "-E");
			if (mode == OBJ_PREPROCESS) {
				/* no line markers; __LINE__ left as it is written
				 * (a moved line's number is no token of the
				 * program: tokens.h); -w, as redefining it warns */
				*(char **)push(&argv, argc, sizeof(char *)) = xstrdup("-P");
				*(char **)push(&argv, argc, sizeof(char *)) = xstrdup("-w");
				*(char **)push(&argv, argc, sizeof(char *)) = xstrdup("-D__LINE__=__LINE__");
			}
			continue;
		}
		if (!strcmp(w, "-o") && i + 1 < o->argc) {
			i++;
			if (mode == OBJ_SYNTAX)
				continue;
			*(char **)push(&argv, argc, sizeof(char *)) = xstrdup("-o");
			*(char **)push(&argv, argc, sizeof(char *)) = xstrdup(mode == OBJ_PREPROCESS ? out : "/dev/null");
			continue;
		}
		sb_init(&sb);
		/* every occurrence that is the tree's path (followed by '/' or
		 * the word's end): -I, -include, -fmacro-prefix-map=, the source */
		while (tree && (hit = strstr(w, s->srctree)) && (hit[sl] == '/' || hit[sl] == '\0' || hit[sl] == '=')) {
			sb_addn(&sb, w, hit - w);
			sb_add(&sb, tree);
			w = hit + sl;
		}
		sb_add(&sb, w);
		*(char **)push(&argv, argc, sizeof(char *)) = sb_detach(&sb);
	}
	*(char **)push(&argv, argc, sizeof(char *)) = NULL;
	(*argc)--;
	return argv;
}

char *objects_command(const struct kobj_set *s, const struct kobj *o, const char *tree)
{
	struct strbuf sb;
	int argc, i;
	char **argv = command_words(s, o, tree ? tree : s->srctree, OBJ_COMPILE, NULL, &argc);

	sb_init(&sb);
	sb_addf(&sb, "cd %s && ", s->kdir);
	for (i = 0; i < argc; i++) {
		if (i)
			sb_addc(&sb, ' ');
		sb_add_shell_word(&sb, argv[i]);
		free(argv[i]);
	}
	free(argv);
	return sb_detach(&sb);
}

/* The words as one sh line. */
static void add_sh_line(struct strbuf *sb, char **argv)
{
	int i;

	for (i = 0; argv[i]; i++) {
		if (i)
			sb_addc(sb, ' ');
		sb_add_shell_word(sb, argv[i]);
	}
}

/* the compiler's messages as explain reads them */
static char *c_locale[] = { "LC_ALL=C", NULL };

struct obj_job {
	struct pool_job job;
	struct kobj *o;
	char **argv;
	int argc;
	char *log;
	char *out;		/* OBJ_PREPROCESS: the text's file */
	/* set when it is done: */
	int status;
	char *text;		/* the compiler's messages */
	long lines;		/* OBJ_PREPROCESS: the lines of its text; -1: none */
	long ms;
	/* OBJ_SAME_PROGRAM with a cache: the key, the entry used, or what a
	 * miss leaves for ppcache_store() */
	char *key_words;
	char *cached;
	char *dep;
	char *gz;
};

/* OBJ_SAME_PROGRAM's job for o: sh -c "(-E before) && (-E after) &&
 * hdrtest same-program B A; s=$?; rm B A; exit $s", whose exit status
 * is same-program's (SAME_PROGRAM_*, 1) or a failed -E's.  With a cache
 * (objects/ppcache.h), the text before is its entry's when the entry
 * holds (gzip -dc: a text that cannot be read fails the job, and the
 * object is compiled), else the -E before also writes its dep file and
 * the gzipped text for ppcache_store(). */
static char **same_program_words(const struct kobj_set *s, struct obj_job *oj, const char *tree,
				 const char *tmpdir, int i, struct ppcache *pc, int *argc)
{
	const struct kobj *o = oj->o;
	char *b = xasprintf("%s/%d.before.i", tmpdir, i), *a = xasprintf("%s/%d.after.i", tmpdir, i);
	char **before, **after, **argv = xcalloc(4, sizeof(char *)), self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	struct strbuf sb;
	int bc, ac;

	self[n > 0 ? n : 0] = '\0';
	before = command_words(s, o, NULL, OBJ_PREPROCESS, b, &bc);
	after = command_words(s, o, tree, OBJ_PREPROCESS, a, &ac);
	sb_init(&sb);
	if (pc) {
		int kc;
		char **key = command_words(s, o, NULL, OBJ_PREPROCESS, "-", &kc);
		struct strbuf k;

		sb_init(&k);
		add_sh_line(&k, key);
		oj->key_words = sb_detach(&k);
		while (kc)
			free(key[--kc]);
		free(key);
		oj->cached = ppcache_lookup(pc, oj->key_words);
	}
	if (oj->cached) {
		sb_add(&sb, "gzip -dc < ");
		sb_add_shell_word(&sb, oj->cached);
		sb_add(&sb, " > ");
		sb_add_shell_word(&sb, b);
	} else {
		add_sh_line(&sb, before);
	}
	if (pc && !oj->cached) {
		oj->dep = xasprintf("%s/%d.before.d", tmpdir, i);
		oj->gz = ppcache_tmp_name(pc, i);
		sb_add(&sb, " -MD -MF ");
		sb_add_shell_word(&sb, oj->dep);
		sb_add(&sb, " && { gzip -1 < ");
		sb_add_shell_word(&sb, b);
		sb_add(&sb, " > ");
		sb_add_shell_word(&sb, oj->gz);
		sb_add(&sb, " || rm -f ");
		sb_add_shell_word(&sb, oj->gz);
		sb_add(&sb, "; }");
	}
	sb_add(&sb, " && ");
	add_sh_line(&sb, after);
	sb_add(&sb, " && ");
	sb_add_shell_word(&sb, n > 0 ? self : "hdrtest");
	sb_addf(&sb, " same-program%s ", ends_with(o->source, ".c") ? "" : " --asm");
	sb_add_shell_word(&sb, b);
	sb_addc(&sb, ' ');
	sb_add_shell_word(&sb, a);
	sb_add(&sb, "; s=$?; rm -f ");
	sb_add_shell_word(&sb, b);
	sb_addc(&sb, ' ');
	sb_add_shell_word(&sb, a);
	sb_add(&sb, "; exit $s");
	argv[0] = xstrdup("sh");
	argv[1] = xstrdup("-c");
	argv[2] = sb_detach(&sb);
	*argc = 3;
	while (bc)
		free(before[--bc]);
	while (ac)
		free(after[--ac]);
	free(before);
	free(after);
	free(b);
	free(a);
	return argv;
}

/* The lines of the file at path (a preprocessed text: megabytes, never
 * held whole), or -1 when it cannot be read. */
static long count_lines(const char *path)
{
	FILE *f = fopen(path, "r");
	char buf[65536];
	size_t n, i;
	long lines = 0;

	if (!f)
		return -1;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		for (i = 0; i < n; i++)
			lines += buf[i] == '\n';
	if (ferror(f))
		lines = -1;
	fclose(f);
	return lines;
}

static void obj_done(struct pool_job *job)
{
	struct obj_job *oj = job->data;

	oj->status = job->status;
	oj->ms = job->ms;
	/* OBJ_PREPROCESS: the text counted and removed at once, as thousands
	 * of them would fill the disk */
	oj->lines = -1;
	if (oj->out) {
		if (!job->status)
			oj->lines = count_lines(oj->out);
		unlink(oj->out);
	}
	oj->text = read_file(oj->log, NULL);
	if (!oj->text)
		oj->text = xstrdup(job->status < 0 ? job->why : "");
}

/* Run the command of s->objs[idx[0..n)] in mode, jobs at once; each
 * one's status, messages (and with OBJ_PREPROCESS the lines of its text)
 * into the jobs' array, allocated into *done.
 * 0, or -1 after an error message (a job could not run). */
static int run_objects(struct kobj_set *s, const int *idx, int n, const char *tree, const char *tmpdir,
		       int jobs, enum obj_mode mode, struct ppcache *pc, struct obj_job **done)
{
	struct jobserver *js = n ? jobserver_open(jobs) : NULL;
	struct pool *p;
	struct obj_job *oj = xcalloc(n ? n : 1, sizeof(*oj));
	int i, ret = 0;

	*done = oj;
	if (n && !js)
		return -1;
	if (mkdirs(tmpdir)) {
		jobserver_close(js);
		return error("cannot create %s: %s", tmpdir, strerror(errno));
	}
	p = pool_new(js);
	for (i = 0; i < n; i++) {
		oj[i].o = &s->objs[idx[i]];
		oj[i].out = mode == OBJ_PREPROCESS ? xasprintf("%s/%d.i", tmpdir, i) : NULL;
		if (mode == OBJ_SAME_PROGRAM)
			oj[i].argv = same_program_words(s, &oj[i], tree, tmpdir, i, pc, &oj[i].argc);
		else
			oj[i].argv = command_words(s, oj[i].o, tree, mode, oj[i].out, &oj[i].argc);
		oj[i].log = xasprintf("%s/%d.log", tmpdir, i);
		oj[i].job.argv = oj[i].argv;
		oj[i].job.dir = s->kdir;
		oj[i].job.env = c_locale;
		oj[i].job.log = oj[i].log;
		oj[i].job.data = &oj[i];
		pool_add(p, &oj[i].job, NULL, obj_done);
	}
	if (pool_run(p))
		ret = -1;
	pool_free(p);
	jobserver_close(js);
	for (i = 0; i < n; i++) {
		if (oj[i].status < 0) {
			error("cannot run the command of %s: %s", oj[i].o->object, oj[i].job.why);
			ret = -1;
		}
		if (oj[i].gz) {
			/* the text before kept when its -E ran to the end: a
			 * same-program status, or 1 from the -E after */
			int s = oj[i].status;

			if ((s == 1 || s == SAME_PROGRAM_SAME || s == SAME_PROGRAM_MOVED) && !access(oj[i].gz, F_OK))
				ppcache_store(pc, oj[i].key_words, oj[i].dep, oj[i].gz);
			else
				unlink(oj[i].gz);
			unlink(oj[i].dep);
		}
		free(oj[i].key_words);
		free(oj[i].cached);
		free(oj[i].dep);
		free(oj[i].gz);
		unlink(oj[i].log);
		free(oj[i].log);
		if (oj[i].out) {
			unlink(oj[i].out);
			free(oj[i].out);
		}
		while (oj[i].argc)
			free(oj[i].argv[--oj[i].argc]);
		free(oj[i].argv);
	}
	return ret;
}

int objects_compile(struct kobj_set *s, const int *idx, int n, const char *tree, const char *tmpdir,
		    int jobs, int syntax_only)
{
	struct obj_job *oj;
	int i, failed = 0, ret = run_objects(s, idx, n, tree, tmpdir, jobs, syntax_only ? OBJ_SYNTAX : OBJ_COMPILE, NULL, &oj);

	for (i = 0; i < n; i++) {
		struct kobj *o = oj[i].o;

		if (!o)
			break;
		o->status = oj[i].status;
		o->ms = oj[i].ms;
		free(o->log);
		o->log = oj[i].text;
		failed += o->status != 0;
	}
	free(oj);
	return ret ? -1 : failed;
}

int objects_same_program(struct kobj_set *s, const int *idx, int n, const char *tree, const char *tmpdir,
			 int jobs, struct ppcache *pc, int *status)
{
	struct obj_job *oj;
	int i, ret = run_objects(s, idx, n, tree, tmpdir, jobs, OBJ_SAME_PROGRAM, pc, &oj);

	for (i = 0; i < n; i++) {
		status[i] = oj[i].o ? oj[i].status : -1;
		free(oj[i].text);
	}
	free(oj);
	return ret;
}

int objects_preprocessed_lines(struct kobj_set *s, const int *idx, int n, const char *tmpdir, int jobs,
			       long *lines)
{
	struct obj_job *oj;
	int i, ret = run_objects(s, idx, n, NULL, tmpdir, jobs, OBJ_PREPROCESS, NULL, &oj);

	for (i = 0; i < n; i++) {
		lines[i] = oj[i].o && !oj[i].status ? oj[i].lines : -1;
		free(oj[i].text);
	}
	free(oj);
	return ret;
}
