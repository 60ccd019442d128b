// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The benchmark's calls that need system headers which clash with the
 * userspace shim's kernel-style types (<linux/types.h> defines __le64 &co):
 *  - can this process count core clock cycles?  In many VMs the PMU is not
 *    virtualised and perf_event_open() fails (or "cycles" is <not
 *    supported>), which is why the benchmark reports TSC cycles; the answer
 *    goes into the report, the timing itself always uses the TSC;
 *  - mkdir for the plot data directory.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "bench.h"

void bench_perf_probe(char *buf, size_t n, void (*busy)(void))
{
	struct perf_event_attr a;
	long long count = 0;
	int fd;

	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_HARDWARE;
	a.size = sizeof(a);
	a.config = PERF_COUNT_HW_CPU_CYCLES;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
	if (fd < 0) {
		snprintf(buf, n, "not available here (perf_event_open(PERF_COUNT_HW_CPU_CYCLES): %s)",
			 strerror(errno));
		return;
	}
	busy();
	if (read(fd, &count, sizeof(count)) != (ssize_t)sizeof(count) || count <= 0)
		snprintf(buf, n, "perf_event_open succeeds but counts nothing");
	else
		snprintf(buf, n, "available (perf_event_open counted %lld cycles), "
			 "not used: all figures are TSC cycles", count);
	close(fd);
}

int bench_mkdir(const char *dir)
{
	return mkdir(dir, 0755) && errno != EEXIST ? -errno : 0;
}
