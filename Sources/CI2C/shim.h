// libi2c (SMBus transfers through the I2C_SMBUS ioctl) and the i2c-dev ioctls, for Swift.
//
// The ioctls are wrapped in small inline functions because ioctl(2) is variadic and the request macros do not
// import into Swift. Debian's libi2c-dev installs <i2c/smbus.h>; <linux/i2c-dev.h> comes with the kernel
// headers (linux-libc-dev).
#ifndef BREEZE_CI2C_SHIM_H
#define BREEZE_CI2C_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <linux/i2c.h>
#include <linux/i2c-dev.h>
#include <i2c/smbus.h>

/// Selects the 7-bit target address for plain read()/write() on an i2c-dev descriptor (I2C_SLAVE).
/// Fails with EBUSY when a kernel driver is bound to that address.
static inline int breeze_i2c_select_address(int fd, int address) {
    return ioctl(fd, I2C_SLAVE, (unsigned long)address);
}

/// Reads the adapter's functionality bits (I2C_FUNCS) into *functions.
static inline int breeze_i2c_functions(int fd, unsigned long *functions) {
    return ioctl(fd, I2C_FUNCS, functions);
}

/// Whether the adapter does plain I2C transfers (read/write/I2C_RDWR), not only SMBus.
static inline int breeze_i2c_supports_plain_i2c(unsigned long functions) {
    return (functions & I2C_FUNC_I2C) != 0;
}

/// Whether the adapter does SMBus "I2C block read" (command byte, repeated start, up to 32 bytes).
static inline int breeze_i2c_supports_block_read(unsigned long functions) {
    return (functions & I2C_FUNC_SMBUS_READ_I2C_BLOCK) != 0;
}

#endif
