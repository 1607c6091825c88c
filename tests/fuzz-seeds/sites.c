/*
 * A tiny stand-in for a vmlinux, for kwarn-sites: the branch profiler's two
 * arrays of records pointing at strings, between the __start_/__stop_
 * symbols the kernel's linker script gives them. Here the linker makes
 * those symbols itself (sections named as C identifiers, referenced from
 * _start). A seed for fuzzing (mk/tools/fuzz.mk, cross gcc) and a 64-bit image
 * for tests/t01-helpers.sh (host gcc). Never run.
 */
struct ftrace_branch_data {
	const char *func, *file;
	unsigned int line;
	unsigned long miss, hit;
};
struct ftrace_likely_data {
	struct ftrace_branch_data data;
	unsigned long constant;
};

/* aligned(4) as in the kernel: no padding between records */
#define SITE(n, l)							\
	__attribute__((section("branch_profile"), used, aligned(4)))	\
	static struct ftrace_branch_data n =				\
		{ .func = #n, .file = "kernel/" #n ".c", .line = l }

SITE(start_kernel_if, 716);
SITE(do_one_initcall_if, 1287);
SITE(kernel_init_if, 1511);

__attribute__((section("annotated_branch_profile"), used, aligned(4)))
static struct ftrace_likely_data unlikely_site = {
	{ .func = "schedule", .file = "kernel/sched/core.c", .line = 6640 }, 0
};

extern char __start_branch_profile[], __stop_branch_profile[];
extern char __start_annotated_branch_profile[], __stop_annotated_branch_profile[];

void _start(void)
{
	__asm__ volatile("" : : "r"(__start_branch_profile), "r"(__stop_branch_profile),
			 "r"(__start_annotated_branch_profile),
			 "r"(__stop_annotated_branch_profile));
}
