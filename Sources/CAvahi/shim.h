// The C view of libavahi-client (Debian: libavahi-client-dev) for Swift: the client, entry groups, the
// threaded poll, string lists, alternative names and error strings.
//
// Every call the announcer makes is a plain function (the string-list variant of add_service replaces the
// variadic one), so no C shim target is needed. The client and entry group are opaque and import as
// OpaquePointer.
#ifndef BREEZE_CAVAHI_SHIM_H
#define BREEZE_CAVAHI_SHIM_H

#include <avahi-client/client.h>
#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-common/strlst.h>
#include <avahi-common/thread-watch.h>
#include <avahi-common/timeval.h>

#endif
