// The C view of libmosquitto (the Eclipse Mosquitto client library) for Swift.
//
// Every function the publisher calls is a plain, non-variadic C function, so Swift calls them directly and
// no C shim target is needed. `struct mosquitto` is opaque and imports as OpaquePointer.
#ifndef BREEZE_CMOSQUITTO_SHIM_H
#define BREEZE_CMOSQUITTO_SHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <mosquitto.h>

#endif
