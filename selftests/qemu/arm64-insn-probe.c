// SPDX-License-Identifier: GPL-2.0
/*
 * Whether this arm64 CPU executes the instructions behind the hwcaps our
 * drivers choose their tiers by (asimd, aes, pmull, sha3) and the other
 * optional crypto ones (sha1, sha2), next to what the kernel reports for them
 * (getauxval(AT_HWCAP), as /proc/cpuinfo's Features).  Each instruction
 * runs in a child process: killed by SIGILL means "undefined".
 *
 * It is there for the cortex-a72-nocrypto model (selftests/qemu/
 * qemu-nocrypto.patch): a model that cleared the ID register fields but
 * still executed AESE would let a driver that ignores the features pass a
 * test it fails on a CPU without the Crypto Extensions.  So each feature
 * must be advertised exactly when its instruction executes, and the
 * arguments say which features the CPU must have ("aes") or lack ("!aes").
 *
 *   arm64-insn-probe [[!]FEATURE]...
 *
 * Prints "ok - ..." / "not ok - ..." per check and a closing
 * "arm64-insn-probe: N passed, N failed" line; exits 1 on any failure.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <asm/hwcap.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * The instructions as .inst words, so that neither the compiler nor the
 * assembler needs +crypto and nothing else in this program can use them.
 */
static void run_asimd(void)
{
	asm volatile(".inst 0x4e208400" ::: "v0");	/* add v0.16b, v0.16b, v0.16b */
}

static void run_aes(void)
{
	asm volatile(".inst 0x4e284820" ::: "v0");	/* aese v0.16b, v1.16b */
}

static void run_pmull(void)
{
	asm volatile(".inst 0x0ee2e020" ::: "v0");	/* pmull v0.1q, v1.1d, v2.1d */
}

static void run_sha1(void)
{
	asm volatile(".inst 0x5e280820" ::: "v0");	/* sha1h s0, s1 */
}

static void run_sha2(void)
{
	asm volatile(".inst 0x5e024020" ::: "v0");	/* sha256h q0, q1, v2.4s */
}

static void run_sha3(void)
{
	asm volatile(".inst 0xce020820" ::: "v0");	/* eor3 v0.16b, v1.16b, v2.16b, v2.16b */
}

static const struct {
	const char *name;
	unsigned long hwcap;
	void (*run)(void);
} features[] = {
	{ "asimd", HWCAP_ASIMD, run_asimd },
	{ "aes", HWCAP_AES, run_aes },
	{ "pmull", HWCAP_PMULL, run_pmull },
	{ "sha1", HWCAP_SHA1, run_sha1 },
	{ "sha2", HWCAP_SHA2, run_sha2 },
	{ "sha3", HWCAP_SHA3, run_sha3 },
};

static int passed, failed;

static void result(int cond, const char *what)
{
	printf("%s - %s\n", cond ? "ok" : "not ok", what);
	if (cond)
		passed++;
	else
		failed++;
}

/* 1: executes, 0: SIGILL, -1: anything else (reported as a failure). */
static int executes(void (*run)(void))
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		/* no core file from the SIGILL (qemu-user writes one too) */
		struct rlimit none = { 0, 0 };

		setrlimit(RLIMIT_CORE, &none);
		run();
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 1;
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGILL)
		return 0;
	return -1;
}

int main(int argc, char **argv)
{
	unsigned long hwcap = getauxval(AT_HWCAP);
	char what[128];
	size_t i;
	int a;

	for (i = 0; i < ARRAY_SIZE(features); i++) {
		int has = !!(hwcap & features[i].hwcap);
		int x = executes(features[i].run);

		snprintf(what, sizeof(what), "%s: hwcap %s, instruction %s",
			 features[i].name, has ? "set" : "clear",
			 x > 0 ? "executes" : x == 0 ? "undefined (SIGILL)" :
			 "neither ran nor raised SIGILL");
		result(x == has, what);
	}
	for (a = 1; a < argc; a++) {
		int want = argv[a][0] != '!';
		const char *name = argv[a] + !want;

		for (i = 0; i < ARRAY_SIZE(features); i++)
			if (!strcmp(name, features[i].name))
				break;
		snprintf(what, sizeof(what), "the CPU %s %s", want ? "has" : "lacks", name);
		result(i < ARRAY_SIZE(features) &&
		       !!(hwcap & features[i].hwcap) == want, what);
	}
	printf("arm64-insn-probe: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
