#ifndef CLIBEV_SHIM_H
#define CLIBEV_SHIM_H
/*
 * libev, for the load client: libwebsockets runs the client's thousand sockets on a libev loop (epoll)
 * the client owns (a "foreign loop") instead of its default poll() loop, which scans every socket on
 * every wake-up and cost the client more than the frames it read.
 */
#include <ev.h>

/*
 * A one-shot libev timer that calls `callback(argument)`. ev_timer_init and friends are macros, which
 * Swift cannot call. (libwebsockets 4.1's own timers on libev share one ev_timer that is only re-armed
 * when it is not running, so a timer set sooner than the one it waits for fires late: the client's
 * tweak timer is its own.)
 */
typedef void (*clibev_callback)(void *argument);

typedef struct clibev_timer {
	ev_timer watcher; /* must stay first */
	clibev_callback callback;
	void *argument;
} clibev_timer_t;

static void clibev_timer_fired(struct ev_loop *loop, ev_timer *watcher, int revents)
{
	clibev_timer_t *timer = (clibev_timer_t *)watcher;
	(void)loop;
	(void)revents;
	timer->callback(timer->argument);
}

static inline void clibev_timer_init(clibev_timer_t *timer, clibev_callback callback, void *argument)
{
	ev_timer_init(&timer->watcher, clibev_timer_fired, 0., 0.);
	timer->callback = callback;
	timer->argument = argument;
}

/// (Re)starts the timer to fire once, `seconds` from the loop's current time.
static inline void clibev_timer_start(struct ev_loop *loop, clibev_timer_t *timer, double seconds)
{
	ev_timer_stop(loop, &timer->watcher);
	ev_now_update(loop);
	ev_timer_set(&timer->watcher, seconds, 0.);
	ev_timer_start(loop, &timer->watcher);
}

static inline void clibev_timer_stop(struct ev_loop *loop, clibev_timer_t *timer)
{
	ev_timer_stop(loop, &timer->watcher);
}

#endif
