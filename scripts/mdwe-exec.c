/* mdwe-exec: runs a program with "memory deny write execute" set by the kernel (prctl PR_SET_MDWE, Linux
 * 6.3+), the protection systemd's MemoryDenyWriteExecute=yes asks for: no mapping may be writable and
 * executable at once, or become executable later. The setting survives execve and is inherited by children.
 *
 *   mdwe-exec PROGRAM [ARGUMENTS...]     exit 125: the kernel has no PR_SET_MDWE
 *   mdwe-exec --self-test                 a W+X mapping must be refused (exit 0 when it is)
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#ifndef PR_SET_MDWE
#define PR_SET_MDWE 65
#endif
#ifndef PR_MDWE_REFUSE_EXEC_GAIN
#define PR_MDWE_REFUSE_EXEC_GAIN 1
#endif

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: mdwe-exec PROGRAM [ARGUMENTS...] | --self-test\n");
        return 2;
    }
    if (prctl(PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN, 0L, 0L, 0L) != 0) {
        fprintf(stderr, "mdwe-exec: prctl(PR_SET_MDWE): %s (needs Linux 6.3 or later)\n", strerror(errno));
        return 125;
    }
    if (strcmp(argv[1], "--self-test") == 0) {
        void *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (page != MAP_FAILED) {
            fprintf(stderr, "mdwe-exec: a writable and executable mapping was allowed\n");
            return 1;
        }
        return 0;
    }
    execvp(argv[1], argv + 1);
    fprintf(stderr, "mdwe-exec: cannot run %s: %s\n", argv[1], strerror(errno));
    return 127;
}
