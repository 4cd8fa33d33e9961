#ifndef CLIBEV_SHIM_H
#define CLIBEV_SHIM_H
/*
 * libev, for the load client: libwebsockets runs the client's thousand sockets on a libev loop (epoll)
 * the client owns (a "foreign loop") instead of its default poll() loop, which scans every socket on
 * every wake-up and cost the client more than the frames it read.
 */
#include <ev.h>
#include <stdint.h>
#include <sys/timerfd.h>
#include <unistd.h>

/*
 * A one-shot timer that calls `callback(argument)` from the loop: a timerfd watched by an ev_io.
 * libev's own ev_timer sleeps in epoll_wait, whose timeout is whole milliseconds, so every timer due in
 * the same millisecond fired together; a timerfd expires to the microsecond. (ev_io_init and friends
 * are macros, which Swift cannot call. libwebsockets 4.1's own timers on libev share one ev_timer that
 * is only re-armed when it is not running, so a timer set sooner than the one it waits for fires late:
 * the client's tweak timer is its own.)
 */
typedef void (*clibev_callback)(void *argument);

typedef struct clibev_timer {
	ev_io watcher; /* must stay first */
	clibev_callback callback;
	void *argument;
	int fd;
} clibev_timer_t;

static void clibev_timer_fired(struct ev_loop *loop, ev_io *watcher, int revents)
{
	clibev_timer_t *timer = (clibev_timer_t *)watcher;
	uint64_t expirations;
	(void)loop;
	(void)revents;
	if (read(timer->fd, &expirations, sizeof expirations) != (ssize_t)sizeof expirations)
		return; /* not expired (disarmed meanwhile) */
	timer->callback(timer->argument);
}

/// Creates the timer's timerfd and starts watching it; returns 0, or -1 when no timerfd can be made.
static inline int clibev_timer_init(struct ev_loop *loop, clibev_timer_t *timer, clibev_callback callback,
				    void *argument)
{
	timer->fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	if (timer->fd < 0)
		return -1;
	timer->callback = callback;
	timer->argument = argument;
	ev_io_init(&timer->watcher, clibev_timer_fired, timer->fd, EV_READ);
	ev_io_start(loop, &timer->watcher);
	return 0;
}

/// (Re)arms the timer to fire once, `micros` (at least 1) from now.
static inline void clibev_timer_start(clibev_timer_t *timer, long long micros)
{
	struct itimerspec spec = { { 0, 0 }, { 0, 0 } };
	if (micros < 1)
		micros = 1;
	spec.it_value.tv_sec = (time_t)(micros / 1000000);
	spec.it_value.tv_nsec = (long)(micros % 1000000) * 1000;
	timerfd_settime(timer->fd, 0, &spec, NULL);
}

/// Stops watching the timer and closes its timerfd.
static inline void clibev_timer_destroy(struct ev_loop *loop, clibev_timer_t *timer)
{
	if (timer->fd < 0)
		return;
	ev_io_stop(loop, &timer->watcher);
	close(timer->fd);
	timer->fd = -1;
}

#endif
