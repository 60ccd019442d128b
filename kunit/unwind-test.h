/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stack traces taken from interrupt context while a driver's code runs
 * must walk back through it to the caller.
 *
 * A hard-IRQ hrtimer fires again and again while kfast_unwind_loop() runs
 * one operation of a driver in a loop.  Whenever the interrupted instruction
 * lies in the driver's module, the callback takes a stack trace with
 * stack_trace_save(), as KASAN, lockdep, perf -g and sysrq do, and looks for
 * a return address inside kfast_unwind_loop().  The unwinder gets there only
 * if every function in between, assembly included, keeps the unwinding
 * rules of the kernel it runs in: with the frame-pointer unwinder, %rbp (x29
 * on arm64) must always be the caller's frame or a frame of the function's
 * own, never a scratch value, or the trace stops there (and x86 logs "has
 * bad 'bp' value").  With ORC, the objtool-generated tables must match.
 *
 * The samples that land elsewhere (in the crypto API, the timer itself) are
 * not counted.  A driver that never gets interrupted in its own code within
 * the time budget fails the case: nothing would have been checked.
 */
#ifndef KFAST_UNWIND_TEST_H
#define KFAST_UNWIND_TEST_H

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/kallsyms.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/stacktrace.h>
#include <asm/irq_regs.h>
#include <crypto/algapi.h>

#define KFAST_UNWIND_DEPTH	64
#define KFAST_UNWIND_SAMPLES	64		/* samples in the driver's code */
#define KFAST_UNWIND_BUDGET_NS	(3 * NSEC_PER_SEC)
#define KFAST_UNWIND_PERIOD_NS	(100 * NSEC_PER_USEC)

struct kfast_unwind_probe {
	struct hrtimer timer;
	struct module *mod;		/* the driver's module */
	unsigned long loop_start, loop_end;
	unsigned int in_module;		/* samples that interrupted mod */
	unsigned int reached;		/* ... whose trace reached the loop */
	struct cpumask allowed;		/* the test thread's CPUs, restored after */
};

static enum hrtimer_restart kfast_unwind_tick(struct hrtimer *timer)
{
	struct kfast_unwind_probe *p = container_of(timer, struct kfast_unwind_probe, timer);
	struct pt_regs *regs = get_irq_regs();
	unsigned long entries[KFAST_UNWIND_DEPTH];
	unsigned int n, i;

	if (regs && !user_mode(regs) && within_module(instruction_pointer(regs), p->mod)) {
		n = stack_trace_save(entries, ARRAY_SIZE(entries), 0);
		for (i = 0; i < n; i++) {
			if (entries[i] >= p->loop_start && entries[i] < p->loop_end) {
				p->reached++;
				break;
			}
		}
		p->in_module++;
	}
	hrtimer_forward_now(timer, ns_to_ktime(KFAST_UNWIND_PERIOD_NS));
	return HRTIMER_RESTART;
}

/*
 * Runs op(arg) until enough samples landed in the driver or the budget is
 * spent.  Not inlined: the traces must find its return address.
 */
static noinline int kfast_unwind_loop(struct kfast_unwind_probe *p,
				      int (*op)(void *arg), void *arg)
{
	u64 end = ktime_get_ns() + KFAST_UNWIND_BUDGET_NS;
	int err;

	do {
		err = op(arg);
		cond_resched();
	} while (!err && READ_ONCE(p->in_module) < KFAST_UNWIND_SAMPLES &&
		 ktime_get_ns() < end);
	return err;
}

/* [start, end) of kfast_unwind_loop() from kallsyms ("name+0x0/0xsize"). */
static inline bool kfast_unwind_loop_range(unsigned long *start, unsigned long *end)
{
	char sym[KSYM_SYMBOL_LEN];
	unsigned long size;
	char *slash;

	*start = (unsigned long)kfast_unwind_loop;
	sprint_symbol(sym, *start);
	slash = strchr(sym, '/');
	if (!slash || sscanf(slash + 1, "%lx", &size) != 1 || !size)
		return false;
	*end = *start + size;
	return true;
}

/*
 * The check for one driver: op(arg) runs the driver whose algorithm is alg
 * on a message long enough that most of the time is spent in its module.
 */
static inline void kfast_unwind_check(struct kunit *test, const char *driver,
				      const struct crypto_alg *alg,
				      int (*op)(void *arg), void *arg)
{
	struct kfast_unwind_probe *p;
	int err;

	p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	if (!kfast_unwind_loop_range(&p->loop_start, &p->loop_end))
		kunit_skip(test, "kallsyms gives no size for kfast_unwind_loop()");
	p->mod = alg->cra_module;
	KUNIT_ASSERT_NOT_NULL_MSG(test, p->mod, "%s is not in a module", driver);

	/*
	 * The timer interrupts the CPU it runs on: this thread stays there
	 * for the loop (the guests have several CPUs).
	 */
	cpumask_copy(&p->allowed, current->cpus_ptr);
	set_cpus_allowed_ptr(current, cpumask_of(raw_smp_processor_id()));
	kfast_hrtimer_setup(&p->timer, kfast_unwind_tick, CLOCK_MONOTONIC,
			    HRTIMER_MODE_REL_HARD);
	hrtimer_start(&p->timer, ns_to_ktime(KFAST_UNWIND_PERIOD_NS),
		      HRTIMER_MODE_REL_PINNED_HARD);
	err = kfast_unwind_loop(p, op, arg);
	hrtimer_cancel(&p->timer);
	set_cpus_allowed_ptr(current, &p->allowed);

	KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s failed", driver);
	kunit_info(test, "%s: %u of %u interrupts inside %s unwound to the caller",
		   driver, p->reached, p->in_module, p->mod->name);
	KUNIT_EXPECT_GT_MSG(test, p->in_module, 0U,
			    "%s: no interrupt landed in its module within the budget", driver);
	KUNIT_EXPECT_EQ_MSG(test, p->reached, p->in_module,
			    "%s: stack traces from an interrupt stopped inside %s",
			    driver, p->mod->name);
}

#endif /* KFAST_UNWIND_TEST_H */
