// The glibc calls the POSIX module needs that Swift's Glibc module does not show: eventfd(2) has a header of
// its own outside the module, and pipe2(2) and pthread_setname_np(3) are declared only under _GNU_SOURCE.
// Declared here as the C library exports them (glibc 2.12 and later; Debian 12 ships 2.36).
#ifndef BREEZE_CPOSIX_SHIM_H
#define BREEZE_CPOSIX_SHIM_H

#include <pthread.h>
#include <sys/eventfd.h>

extern int pipe2(int pipefd[2], int flags);
extern int pthread_setname_np(pthread_t thread, const char *name);

#endif
