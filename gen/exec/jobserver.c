// SPDX-License-Identifier: GPL-2.0
/* GNU make's jobserver: joining make's, or making our own. */
#define _GNU_SOURCE
#include "exec/jobserver.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "base/util.h"

const char *jobserver_fd_dir = "/proc/self/fd";

/*
 * One jobserver.  Invariants: tokens are read from rfd and written back to
 * wfd; rfd never blocks unless blocking_read (no private description could
 * be had: rfd is then make's shared fd and is read under an alarm);
 * held[0..nheld) are the bytes taken and not yet given back, in the order
 * taken.  pipe_r and pipe_w are the fds MAKEFLAGS names (our pipe's or
 * make's), -1 for a fifo; slots > 0 exactly when the pipe is our own.
 * Every open jobserver is on the list whose tokens go back at exit, given
 * back only by the process that took them (owner), not by a forked child.
 */
struct jobserver {
	int slots;
	int pipe_r, pipe_w;
	int rfd, wfd;
	int blocking_read;
	char *makeflags;
	char *held;
	int nheld, cap;
	pid_t owner;
	struct jobserver *next;
};

static struct jobserver *open_list;

static void give_back_at_exit(void)
{
	struct jobserver *js;

	for (js = open_list; js; js = js->next)
		if (js->owner == getpid())
			while (js->nheld)
				jobserver_give(js);
}

static void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void warn(const char *fmt, ...)
{
	FILE *f = diag_stream ? diag_stream : stderr;
	va_list ap;

	fputs("hdrtest: warning: ", f);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
}

/* fd moved above the standard fds (a child's 0, 1 and 2 are replaced),
 * close-on-exec: the new fd, or -1 (fd closed either way). */
static int above_std_fds(int fd)
{
	int nfd;

	if (fd < 0 || fd > 2)
		return fd;
	nfd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	close(fd);
	return nfd;
}

/* A private non-blocking read description of the pipe or fifo open as fd,
 * through jobserver_fd_dir: the new fd, or -1 when there is none. */
static int reopen_nonblocking(int fd)
{
	char *path = xasprintf("%s/%d", jobserver_fd_dir, fd);
	struct stat a, b;
	int nfd;

	nfd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	free(path);
	nfd = above_std_fds(nfd);
	if (nfd < 0)
		return -1;
	/* the very pipe, not whatever else that path might open */
	if (fstat(fd, &a) || fstat(nfd, &b) || a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
		close(nfd);
		return -1;
	}
	return nfd;
}

/* The words of a MAKEFLAGS value up to its "--" (after which come variable
 * definitions, not options), a backslash escaping the next character.
 * Calls fn(word, len, arg) for each; returns where "--" starts (or the
 * end). */
static const char *flag_words(const char *mf, void (*fn)(const char *, size_t, void *), void *arg)
{
	const char *p = mf, *w;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return p;
		w = p;
		while (*p && *p != ' ' && *p != '\t')
			p += p[0] == '\\' && p[1] ? 2 : 1;
		if (p - w == 2 && !strncmp(w, "--", 2))
			return w;
		fn(w, p - w, arg);
	}
}

static int is_jobs_word(const char *w, size_t n)
{
	return (n >= 2 && !strncmp(w, "-j", 2)) ||
	       (n >= 17 && !strncmp(w, "--jobserver-auth=", 17)) ||
	       (n >= 16 && !strncmp(w, "--jobserver-fds=", 16));
}

static void last_auth(const char *w, size_t n, void *arg)
{
	char **auth = arg;
	size_t skip = n >= 17 && !strncmp(w, "--jobserver-auth=", 17) ? 17 :
		      n >= 16 && !strncmp(w, "--jobserver-fds=", 16) ? 16 : 0;

	if (!skip)
		return;
	free(*auth);
	*auth = xstrndup(w + skip, n - skip);
}

static void keep_word(const char *w, size_t n, void *arg)
{
	struct strbuf *sb = arg;

	if (is_jobs_word(w, n))
		return;
	if (sb->len)
		sb_addc(sb, ' ');
	sb_addn(sb, w, n);
}

/* MAKEFLAGS for our own pipe: mf's words but its -j and jobserver ones,
 * then ours, then mf's variables, in the form make writes (a leading
 * space when no flag letters come first). */
static char *own_makeflags(const char *mf, int slots, int r, int w)
{
	struct strbuf sb;
	const char *vars;

	sb_init(&sb);
	vars = flag_words(mf ? mf : "", keep_word, &sb);
	sb_addf(&sb, " -j%d --jobserver-auth=%d,%d", slots, r, w);
	if (*vars)
		sb_addf(&sb, " %s", vars);
	return sb_detach(&sb);
}

static struct jobserver *new_jobserver(void)
{
	struct jobserver *js = xcalloc(1, sizeof(*js));

	js->pipe_r = js->pipe_w = js->rfd = js->wfd = -1;
	js->owner = getpid();
	return js;
}

static void put_on_list(struct jobserver *js)
{
	static int registered;

	if (!registered && !atexit(give_back_at_exit))
		registered = 1;
	js->next = open_list;
	open_list = js;
}

/* Our own pipe of slots slots: the jobserver, or NULL after an error. */
static struct jobserver *own_jobserver(int slots, const char *mf)
{
	struct jobserver *js;
	int fds[2], i, flags;

	if (pipe2(fds, O_CLOEXEC)) {
		error("cannot make the jobserver pipe: %s", strerror(errno));
		return NULL;
	}
	fds[0] = above_std_fds(fds[0]);
	fds[1] = above_std_fds(fds[1]);
	if (fds[0] < 0 || fds[1] < 0) {
		error("cannot make the jobserver pipe: %s", strerror(errno));
		goto fail;
	}
	/* the tokens, without blocking should the pipe be too small */
	flags = fcntl(fds[1], F_GETFL);
	fcntl(fds[1], F_SETFL, flags | O_NONBLOCK);
	for (i = 0; i < slots - 1; i++) {
		if (write(fds[1], "+", 1) != 1) {
			error("cannot put %d tokens in the jobserver pipe (-j%d): %s", slots - 1, slots,
			      strerror(errno));
			goto fail;
		}
	}
	fcntl(fds[1], F_SETFL, flags);

	js = new_jobserver();
	js->slots = slots;
	js->pipe_r = fds[0];
	js->pipe_w = js->wfd = fds[1];
	js->rfd = reopen_nonblocking(fds[0]);
	if (js->rfd < 0) {
		js->rfd = fds[0];
		js->blocking_read = 1;
	}
	js->makeflags = own_makeflags(mf, slots, fds[0], fds[1]);
	put_on_list(js);
	return js;
fail:
	if (fds[0] >= 0)
		close(fds[0]);
	if (fds[1] >= 0)
		close(fds[1]);
	return NULL;
}

/* make's pipe r,w: the jobserver, or NULL with *why set (caller frees). */
static struct jobserver *join_pipe(int r, int w, const char *mf, char **why)
{
	struct jobserver *js;
	struct stat sr, sw;

	if (fcntl(r, F_GETFD) < 0 || fcntl(w, F_GETFD) < 0) {
		*why = xasprintf("fd %d is not open", fcntl(r, F_GETFD) < 0 ? r : w);
		return NULL;
	}
	if (fstat(r, &sr) || fstat(w, &sw) || !S_ISFIFO(sr.st_mode) || sr.st_dev != sw.st_dev ||
	    sr.st_ino != sw.st_ino) {
		*why = xasprintf("fds %d and %d are not the two ends of a pipe", r, w);
		return NULL;
	}
	js = new_jobserver();
	js->pipe_r = r;
	js->pipe_w = js->wfd = w;
	js->rfd = reopen_nonblocking(r);
	if (js->rfd < 0) {
		js->rfd = r;
		js->blocking_read = 1;
	}
	js->makeflags = xstrdup(mf);
	put_on_list(js);
	return js;
}

/* make's fifo path: the jobserver, or NULL with *why set. */
static struct jobserver *join_fifo(const char *path, const char *mf, char **why)
{
	struct jobserver *js;
	struct stat st;
	int rfd, wfd;

	/* for reading first: then opening for writing does not wait */
	rfd = above_std_fds(open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC));
	if (rfd < 0) {
		*why = xasprintf("cannot open the fifo %s: %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(rfd, &st) || !S_ISFIFO(st.st_mode)) {
		*why = xasprintf("%s is not a fifo", path);
		close(rfd);
		return NULL;
	}
	wfd = above_std_fds(open(path, O_WRONLY | O_CLOEXEC));
	if (wfd < 0) {
		*why = xasprintf("cannot open the fifo %s: %s", path, strerror(errno));
		close(rfd);
		return NULL;
	}
	js = new_jobserver();
	js->rfd = rfd;
	js->wfd = wfd;
	js->makeflags = xstrdup(mf);
	put_on_list(js);
	return js;
}

/* "R,W" as two ints: 0, or -1 if it is not that. */
static int parse_fds(const char *s, int *r, int *w)
{
	char *end;
	long a, b;

	errno = 0;
	a = strtol(s, &end, 10);
	if (end == s || *end != ',' || errno || a < INT_MIN || a > INT_MAX)
		return -1;
	s = end + 1;
	b = strtol(s, &end, 10);
	if (end == s || *end || errno || b < INT_MIN || b > INT_MAX)
		return -1;
	*r = a;
	*w = b;
	return 0;
}

struct jobserver *jobserver_open(int jobs)
{
	const char *mf = getenv("MAKEFLAGS");
	struct jobserver *js = NULL;
	char *auth = NULL, *why = NULL;
	int r, w;

	if (jobs < 1) {
		error("-j%d: the number of jobs must be at least 1", jobs);
		return NULL;
	}
	if (mf)
		flag_words(mf, last_auth, &auth);
	if (!auth)
		return own_jobserver(jobs, mf);

	if (starts_with(auth, "fifo:"))
		js = join_fifo(auth + 5, mf, &why);
	else if (parse_fds(auth, &r, &w))
		why = xasprintf("MAKEFLAGS has --jobserver-auth=%s, which names neither fds nor a fifo", auth);
	else if (r >= 0 && w >= 0)
		js = join_pipe(r, w, mf, &why);

	if (!js) {
		/* as make does: say so (unless make said "none for you"), run one at a time */
		if (why)
			warn("jobserver unavailable: using -j1%s (%s)",
			     starts_with(auth, "fifo:") ? "" : ".  Add '+' to parent make rule", why);
		js = own_jobserver(1, mf);
	}
	free(why);
	free(auth);
	return js;
}

static void push_token(struct jobserver *js, char c)
{
	if (js->nheld == js->cap) {
		js->cap = js->cap ? 2 * js->cap : 8;
		js->held = xrealloc(js->held, js->cap);
	}
	js->held[js->nheld++] = c;
}

static void on_alarm(int sig)
{
}

/* Without a private description: poll make's shared, blocking fd, and
 * read it under a repeating alarm, since another client may take the
 * token between the two. */
static int take_under_alarm(struct jobserver *js)
{
	struct pollfd pfd = { .fd = js->rfd, .events = POLLIN };
	struct itimerval tick = { { 0, 20000 }, { 0, 20000 } }, old_timer;
	struct sigaction sa, old_sa;
	sigset_t alrm, old_mask;
	ssize_t n;
	char c;
	int err;

	if (poll(&pfd, 1, 0) <= 0 || !(pfd.revents & (POLLIN | POLLHUP)))
		return 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;	/* no SA_RESTART: the read must end */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, &old_sa);
	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	sigprocmask(SIG_UNBLOCK, &alrm, &old_mask);
	setitimer(ITIMER_REAL, &tick, &old_timer);
	n = read(js->rfd, &c, 1);
	err = errno;
	setitimer(ITIMER_REAL, &old_timer, NULL);
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	sigaction(SIGALRM, &old_sa, NULL);
	if (n == 1) {
		push_token(js, c);
		return 1;
	}
	if (n < 0 && (err == EINTR || err == EAGAIN || err == EWOULDBLOCK))
		return 0;
	return error("cannot read from the jobserver: %s", n ? strerror(err) : "it was closed");
}

int jobserver_try_take(struct jobserver *js)
{
	ssize_t n;
	char c;

	if (js->blocking_read)
		return take_under_alarm(js);
	do
		n = read(js->rfd, &c, 1);
	while (n < 0 && errno == EINTR);
	if (n == 1) {
		push_token(js, c);
		return 1;
	}
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return 0;
	return error("cannot read from the jobserver: %s", n ? strerror(errno) : "it was closed");
}

int jobserver_poll_fd(const struct jobserver *js)
{
	return js->rfd;
}

void jobserver_give(struct jobserver *js)
{
	ssize_t n;
	char c;

	if (!js->nheld)
		return;
	c = js->held[--js->nheld];
	do
		n = write(js->wfd, &c, 1);
	while (n < 0 && errno == EINTR);
	if (n != 1)
		error("cannot give a token back to the jobserver: %s", strerror(errno));
}

int jobserver_held(const struct jobserver *js)
{
	return js->nheld;
}

const char *jobserver_makeflags(const struct jobserver *js)
{
	return js->makeflags;
}

int jobserver_slots(const struct jobserver *js)
{
	return js->slots;
}

void jobserver_child(const struct jobserver *js)
{
	if (js->pipe_r < 0)
		return;
	fcntl(js->pipe_r, F_SETFD, 0);
	fcntl(js->pipe_w, F_SETFD, 0);
}

void jobserver_close(struct jobserver *js)
{
	struct jobserver **pp;

	if (!js)
		return;
	while (js->nheld)
		jobserver_give(js);
	for (pp = &open_list; *pp; pp = &(*pp)->next) {
		if (*pp == js) {
			*pp = js->next;
			break;
		}
	}
	if (js->rfd != js->pipe_r)
		close(js->rfd);
	if (js->wfd != js->pipe_w)
		close(js->wfd);
	/* make's fds are make's: only our own pipe is closed */
	if (js->slots) {
		close(js->pipe_r);
		close(js->pipe_w);
	}
	free(js->makeflags);
	free(js->held);
	free(js);
}
