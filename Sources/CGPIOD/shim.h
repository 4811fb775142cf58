// libgpiod's C API, as installed: v1.6 (Debian 12, Raspberry Pi OS Bookworm) or v2.x (Debian 13, Trixie).
// Only the CGPIODShim target includes it; Swift code sees the shim's version-independent API instead.
#include <gpiod.h>
