// SPDX-License-Identifier: GPL-2.0
/* One TU's compile command and its recorded result. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/util.h"
#include "compile/tu.h"

void tu_command_init(struct tu_command *t, const char *cell_dir, const char *stem)
{
	t->argv[0] = xasprintf("%s/compile.sh", cell_dir);
	t->argv[1] = xasprintf("%s/%s", cell_dir, stem);
	t->argv[2] = NULL;
	t->log_tmp = xasprintf("%s/%s.log.tmp", cell_dir, stem);
}

void tu_command_free(struct tu_command *t)
{
	free(t->argv[0]);
	free(t->argv[1]);
	free(t->log_tmp);
}

static void remove_output(const char *cell_dir, const char *stem, const char *suffix)
{
	char *path = xasprintf("%s/%s%s", cell_dir, stem, suffix);

	unlink(path);
	free(path);
}

void tu_forget(const char *cell_dir, const char *stem)
{
	static const char *const old[] = { ".rc", ".rc.tmp", ".log.tmp", ".d" };
	size_t i;

	for (i = 0; i < sizeof(old) / sizeof(old[0]); i++)
		remove_output(cell_dir, stem, old[i]);
}

/* A complete depfile ends with a newline; gcc writes none on some errors. */
static int depfile_complete(const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	int ok = text && len > 0 && text[len - 1] == '\n';

	free(text);
	return ok;
}

int tu_record(const char *cell_dir, const char *stem, int status)
{
	char *log_tmp = xasprintf("%s/%s.log.tmp", cell_dir, stem);
	char *log = xasprintf("%s/%s.log", cell_dir, stem);
	char *rc = xasprintf("%s/%s.rc", cell_dir, stem);
	char *rc_tmp = xasprintf("%s/%s.rc.tmp", cell_dir, stem);
	char *d = xasprintf("%s/%s.d", cell_dir, stem);
	char *dep = xasprintf("%s/%s.dep", cell_dir, stem);
	size_t len = 0;
	char *text = read_file(log_tmp, &len);
	char *status_line = xasprintf("%d\n", status);
	int ret = -1;

	if (!text) {
		error("cannot record the result of %s/%s.c: cannot read %s: %s%s", cell_dir, stem, log_tmp,
		      strerror(errno), disk_hint(errno));
		goto out;
	}
	/* The child wrote its log itself, and a write that failed on a full
	 * disk is lost without a word: a compiler's output ends with a
	 * newline, so a log that does not was cut short.  gcc reports its own
	 * failed writes (the .o, the depfile) in the log. */
	if (len && text[len - 1] != '\n') {
		error("cannot record the result of %s/%s.c: its log %s is cut short (is the disk full?)",
		      cell_dir, stem, log_tmp);
		goto out;
	}
	if (strstr(text, "No space left on device")) {
		error("cannot record the result of %s/%s.c: the compiler could not write its output "
		      "(No space left on device)", cell_dir, stem);
		goto out;
	}
	if (status < 0 || (status >= 125 && status <= 127)) {
		char *shown = printable_text(text);

		error("%s/compile.sh could not run the compiler for %s/%s.c (status %d):\n%s",
		      cell_dir, cell_dir, stem, status, shown);
		free(shown);
		goto out;
	}
	/* A compiler that fails says why.  A failure with an empty log lost
	 * its diagnostics (a full disk at the moment gcc wrote them, with
	 * space again by now) or was killed: either way not a verdict on the
	 * header, so it is compiled again on the next run. */
	if (status > 0 && len == 0) {
		error("cannot record the result of %s/%s.c: the compiler exited with status %d "
		      "and printed nothing (is the disk full? was it killed?)", cell_dir, stem, status);
		goto out;
	}
	if (write_text(rc_tmp, status_line))
		goto out;
	if (depfile_complete(d)) {
		if (rename(d, dep)) {
			error("cannot rename %s to %s: %s", d, dep, strerror(errno));
			goto out;
		}
	} else {
		unlink(d);
		unlink(dep);
	}
	if (rename(log_tmp, log) || rename(rc_tmp, rc)) {
		error("cannot record the result of %s/%s.c: %s", cell_dir, stem, strerror(errno));
		unlink(rc);
		goto out;
	}
	ret = 0;
out:
	if (ret) {
		unlink(log_tmp);
		unlink(rc_tmp);
		unlink(d);
	}
	free(text);
	free(status_line);
	free(log_tmp);
	free(log);
	free(rc);
	free(rc_tmp);
	free(d);
	free(dep);
	return ret;
}
