// GNU libmicrohttpd (Debian: libmicrohttpd-dev). microhttpd.h expects these system headers first.
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>
