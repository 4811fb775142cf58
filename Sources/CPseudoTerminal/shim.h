// The pseudo-terminal calls of glibc, which its headers declare only under _XOPEN_SOURCE / _GNU_SOURCE and
// which Swift's Glibc module therefore does not show. Declared here as the C library exports them.
#ifndef BREEZE_CPSEUDOTERMINAL_SHIM_H
#define BREEZE_CPSEUDOTERMINAL_SHIM_H

#include <stddef.h>

extern int posix_openpt(int flags);
extern int grantpt(int fd);
extern int unlockpt(int fd);
extern int ptsname_r(int fd, char *buf, size_t buflen);

#endif
