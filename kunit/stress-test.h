/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Concurrency stress for the KUnit templates: the same keyed tfms used at
 * once by one kthread per online CPU, by a kthread whose calls happen
 * inside a SIMD section (where crypto_simd_usable() is false and the
 * drivers take their generic path), from softirq context (a soft hrtimer)
 * and from hard-IRQ context (a hard hrtimer, which on x86 also interrupts
 * the other threads' SIMD sections).  The template supplies one random,
 * self-checking operation; every worker owns its scratch memory (data,
 * requests), allocated before the workers start, so the operation neither
 * allocates nor sleeps and runs unchanged in every context.
 *
 *	struct kfast_stress s = { .op = ..., .scratch_alloc = ..., ... };
 *
 *	kfast_stress_run(test, &s, name);
 *
 * The run is bounded by a count of operations per thread and by time; it
 * prints the operations each context ran and the mismatches and errors
 * (both must be 0, and every context must have run).  lockdep, KASAN and
 * DEBUG_ATOMIC_SLEEP watch it from the debug kernel.
 */
#ifndef KFAST_STRESS_TEST_H
#define KFAST_STRESS_TEST_H

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <kfast/test-rng.h>

enum kfast_stress_ctx {
	KFAST_STRESS_TASK,
	KFAST_STRESS_NOSIMD,
	KFAST_STRESS_SOFTIRQ,
	KFAST_STRESS_HARDIRQ,
	KFAST_STRESS_NR_CTX,
};

static const char *const kfast_stress_ctx_names[KFAST_STRESS_NR_CTX] = {
	"task", "no-SIMD", "softirq", "hardirq",
};

/*
 * The largest message of each context: interrupt handlers are kept short;
 * the threads cross several 4 KiB SIMD sections.
 */
#define KFAST_STRESS_MAX_LEN		9000
static const unsigned int kfast_stress_max_len[KFAST_STRESS_NR_CTX] = {
	KFAST_STRESS_MAX_LEN, KFAST_STRESS_MAX_LEN, 2048, 512,
};

#define KFAST_STRESS_OPS_PER_THREAD	2000
#define KFAST_STRESS_SECONDS		4
#define KFAST_STRESS_SOFTIRQ_NS		(1 * NSEC_PER_MSEC)
#define KFAST_STRESS_HARDIRQ_NS		(4 * NSEC_PER_MSEC)

/* Results of one operation. */
enum {
	KFAST_STRESS_OK,
	KFAST_STRESS_MISMATCH,
	KFAST_STRESS_ERROR,
};

struct kfast_stress {
	/*
	 * One random operation on the shared tfms with this worker's scratch,
	 * messages of at most max_len bytes; checks its own result against
	 * the generic driver.  Returns KFAST_STRESS_*.  Must not sleep.
	 */
	int (*op)(void *shared, void *scratch, u64 *rng, unsigned int max_len);
	void *(*scratch_alloc)(void *shared);	/* GFP_KERNEL; NULL: no memory */
	void (*scratch_free)(void *shared, void *scratch);
	void *shared;

	atomic_long_t ops[KFAST_STRESS_NR_CTX];
	atomic_long_t mismatches, errors;
	atomic_t stop;
	unsigned long deadline;
};

struct kfast_stress_worker {
	struct kfast_stress *s;
	enum kfast_stress_ctx ctx;
	u64 rng;
	void *scratch;
	struct task_struct *task;
	struct completion done;
	struct hrtimer timer;
	u64 period_ns;
	bool timer_started;
};

static inline void kfast_stress_one(struct kfast_stress_worker *w)
{
	struct kfast_stress *s = w->s;

	switch (s->op(s->shared, w->scratch, &w->rng, kfast_stress_max_len[w->ctx])) {
	case KFAST_STRESS_OK:
		break;
	case KFAST_STRESS_MISMATCH:
		atomic_long_inc(&s->mismatches);
		break;
	default:
		atomic_long_inc(&s->errors);
		break;
	}
	atomic_long_inc(&s->ops[w->ctx]);
}

static inline bool kfast_stress_over(struct kfast_stress *s, unsigned int done)
{
	return done >= KFAST_STRESS_OPS_PER_THREAD || atomic_read(&s->stop) ||
	       time_after(jiffies, s->deadline);
}

static int kfast_stress_thread(void *arg)
{
	struct kfast_stress_worker *w = arg;
	unsigned int done;

	for (done = 0; !kfast_stress_over(w->s, done); done++) {
		if (w->ctx == KFAST_STRESS_NOSIMD) {
			struct kfast_simd_state simd;

			kfast_simd_begin(&simd);
			kfast_stress_one(w);
			kfast_simd_end(&simd);
		} else {
			kfast_stress_one(w);
		}
		cond_resched();
	}
	complete(&w->done);
	/* kthread_stop() needs the thread alive until it is called. */
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ / 10);
	return 0;
}

static enum hrtimer_restart kfast_stress_tick(struct hrtimer *timer)
{
	struct kfast_stress_worker *w = container_of(timer, struct kfast_stress_worker, timer);

	if (atomic_read(&w->s->stop))
		return HRTIMER_NORESTART;
	kfast_stress_one(w);
	hrtimer_forward_now(timer, ns_to_ktime(w->period_ns));
	return HRTIMER_RESTART;
}

/*
 * Whether a SIMD section makes crypto_simd_usable() false here: on x86 it
 * does; on arm64 7.x a NEON section leaves it true in task context, and a
 * driver called there would nest kernel_neon_begin() (a BUG), so the
 * no-SIMD thread is not started and the hard-IRQ timer is where SIMD is
 * unusable.
 */
static inline bool kfast_stress_nosimd_possible(void)
{
	struct kfast_simd_state simd;
	bool usable;

	kfast_simd_begin(&simd);
	usable = crypto_simd_usable();
	kfast_simd_end(&simd);
	return !usable;
}

static void kfast_stress_run(struct kunit *test, struct kfast_stress *s,
			     const char *name)
{
	unsigned int cpus = num_online_cpus(), nthreads = 0, nw, i, cpu;
	struct kfast_stress_worker *w;
	bool nosimd = kfast_stress_nosimd_possible();
	long total = 0;

	/* One thread per CPU, the no-SIMD thread, the two timers. */
	nw = cpus + 3;
	w = kcalloc(nw, sizeof(*w), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, w);
	for (i = 0; i < KFAST_STRESS_NR_CTX; i++)
		atomic_long_set(&s->ops[i], 0);
	atomic_long_set(&s->mismatches, 0);
	atomic_long_set(&s->errors, 0);
	atomic_set(&s->stop, 0);
	for (i = 0; i < nw; i++) {
		w[i].s = s;
		w[i].rng = 0x5d1e55 + 7919 * i;
		w[i].ctx = i < cpus ? KFAST_STRESS_TASK : KFAST_STRESS_NOSIMD + (i - cpus);
		init_completion(&w[i].done);
		w[i].scratch = s->scratch_alloc(s->shared);
		if (!w[i].scratch) {
			KUNIT_FAIL(test, "%s: no memory for the workers' scratch", name);
			goto out;
		}
	}

	s->deadline = jiffies + KFAST_STRESS_SECONDS * HZ;
	i = 0;
	for_each_online_cpu(cpu) {
		if (i == cpus)
			break;
		w[i].task = kthread_create(kfast_stress_thread, &w[i], "kfast-stress/%u", cpu);
		if (IS_ERR(w[i].task)) {
			KUNIT_FAIL(test, "%s: kthread_create: %ld", name, PTR_ERR(w[i].task));
			w[i].task = NULL;
			break;
		}
		kthread_bind(w[i].task, cpu);
		i++;
	}
	nthreads = i;
	if (nosimd) {
		w[cpus].task = kthread_run(kfast_stress_thread, &w[cpus], "kfast-stress-nosimd");
		if (IS_ERR(w[cpus].task)) {
			KUNIT_FAIL(test, "%s: kthread_run: %ld", name, PTR_ERR(w[cpus].task));
			w[cpus].task = NULL;
		}
	}
	w[cpus + 1].period_ns = KFAST_STRESS_SOFTIRQ_NS;
	w[cpus + 2].period_ns = KFAST_STRESS_HARDIRQ_NS;
	kfast_hrtimer_setup(&w[cpus + 1].timer, kfast_stress_tick, CLOCK_MONOTONIC,
			    HRTIMER_MODE_REL_SOFT);
	kfast_hrtimer_setup(&w[cpus + 2].timer, kfast_stress_tick, CLOCK_MONOTONIC,
			    HRTIMER_MODE_REL_HARD);
	for (i = cpus + 1; i < nw; i++) {
		hrtimer_start(&w[i].timer, ns_to_ktime(w[i].period_ns),
			      i == cpus + 1 ? HRTIMER_MODE_REL_SOFT : HRTIMER_MODE_REL_HARD);
		w[i].timer_started = true;
	}
	for (i = 0; i < nthreads; i++)
		wake_up_process(w[i].task);

	for (i = 0; i <= cpus; i++)
		if (w[i].task)
			wait_for_completion(&w[i].done);
out:
	atomic_set(&s->stop, 1);
	for (i = 0; i < nw; i++) {
		if (w[i].timer_started)
			hrtimer_cancel(&w[i].timer);
		if (w[i].task)
			kthread_stop(w[i].task);
	}
	for (i = 0; i < nw; i++)
		if (w[i].scratch)
			s->scratch_free(s->shared, w[i].scratch);
	kfree(w);

	for (i = 0; i < KFAST_STRESS_NR_CTX; i++)
		total += atomic_long_read(&s->ops[i]);
	kunit_info(test,
		   "%s: %ld operations on %u CPUs (task %ld, no-SIMD %ld, softirq %ld, hardirq %ld), %ld mismatches, %ld errors",
		   name, total, cpus, atomic_long_read(&s->ops[KFAST_STRESS_TASK]),
		   atomic_long_read(&s->ops[KFAST_STRESS_NOSIMD]),
		   atomic_long_read(&s->ops[KFAST_STRESS_SOFTIRQ]),
		   atomic_long_read(&s->ops[KFAST_STRESS_HARDIRQ]),
		   atomic_long_read(&s->mismatches), atomic_long_read(&s->errors));
	if (!nosimd)
		kunit_info(test, "%s: a SIMD section leaves SIMD usable here; no no-SIMD thread",
			   name);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&s->mismatches), 0);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&s->errors), 0);
	KUNIT_EXPECT_GE_MSG(test, cpus, 2u, "the stress case wants several CPUs");
	for (i = 0; i < KFAST_STRESS_NR_CTX; i++) {
		if (i == KFAST_STRESS_NOSIMD && !nosimd)
			continue;
		KUNIT_EXPECT_GT_MSG(test, atomic_long_read(&s->ops[i]), 0,
				    "%s: nothing ran in %s context", name,
				    kfast_stress_ctx_names[i]);
	}
}

#endif /* KFAST_STRESS_TEST_H */
