/* SPDX-License-Identifier: GPL-2.0 */
/* GNU make's jobserver, as a client of the make that runs us or as the
 * server of our own: a pipe holding one byte (a token) per job slot but
 * one, each process having one implicit slot.  A job beyond the first
 * takes a token and writes the same byte back when it ends.
 *
 * MAKEFLAGS names make's jobserver as --jobserver-auth=R,W (two fds,
 * make 4.2 and 4.3; --jobserver-fds=R,W before), or as
 * --jobserver-auth=fifo:PATH (make 4.4).  make's pipe is blocking and
 * shared with every other client, so tokens are never read from it with a
 * blocking read: they are read from a description of our own, opened
 * anew through /proc/self/fd (or, without /proc, read under a short
 * alarm). */
#ifndef HDRTEST_JOBSERVER_H
#define HDRTEST_JOBSERVER_H

struct jobserver;

/* Join the jobserver of the make that runs us (the last --jobserver-auth
 * or --jobserver-fds in MAKEFLAGS), or, when MAKEFLAGS names none, make
 * our own with jobs slots (a pipe holding jobs - 1 tokens).  When
 * MAKEFLAGS names a jobserver we cannot use (its fds are not open because
 * the recipe that runs us lacks '+', its fifo is gone, the auth is
 * malformed), we do as make does: warn once ("hdrtest: warning: jobserver
 * unavailable ...") and run as with -j1, that is with our own jobserver of
 * one slot; fds given as negative numbers (make's way of saying "no
 * jobserver for you") give the same without the warning.  Returns the
 * jobserver, or NULL after an error message (jobs < 1, no pipe). */
struct jobserver *jobserver_open(int jobs);

/* Take one token besides the implicit slot, never blocking: 1 when one
 * was taken, 0 when none is free now, -1 after an error message (the
 * jobserver is gone). */
int jobserver_try_take(struct jobserver *js);

/* An fd that polls readable when a token may be free (another process may
 * take it first: try_take then returns 0), or -1 if there is none. */
int jobserver_poll_fd(const struct jobserver *js);

/* Give back the token taken last, writing back the very byte read (make
 * uses '+' but may use others).  Giving back when none is held is a
 * no-op. */
void jobserver_give(struct jobserver *js);

/* How many tokens js holds now (taken and not given back). */
int jobserver_held(const struct jobserver *js);

/* The MAKEFLAGS value a child make must see to share our slots: make's
 * own value when we joined its jobserver, else MAKEFLAGS as we got it
 * (without its -j and jobserver words) plus " -jN --jobserver-auth=R,W"
 * naming our pipe.  Owned by js. */
const char *jobserver_makeflags(const struct jobserver *js);

/* Our own jobserver's number of slots, or 0 when it is make's. */
int jobserver_slots(const struct jobserver *js);

/* Called in a child between fork and exec (async-signal-safe): the pipe
 * fds that jobserver_makeflags() names are made to stay open across exec.
 * Everywhere else they are close-on-exec, so that only the children that
 * are meant to share the slots get them. */
void jobserver_child(const struct jobserver *js);

/* Give back every token still held, close what js opened and free it.
 * (Tokens still held when the process exits are given back then too.) */
void jobserver_close(struct jobserver *js);

/* Where the fds of this process are reopened; the tests point it at a
 * dir that does not exist to run the path taken without /proc. */
extern const char *jobserver_fd_dir;

#endif
