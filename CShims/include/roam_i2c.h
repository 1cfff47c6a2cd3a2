#ifndef ROAM_I2C_H
#define ROAM_I2C_H
#include <stddef.h>
#include <stdint.h>

/// open(O_RDWR|O_CLOEXEC) on /dev/i2c-N. Returns fd or -errno.
int roam_i2c_open(const char *path);
/// ioctl(I2C_SLAVE) so later SMBus calls address `addr`. Returns 0 or -errno.
int roam_i2c_set_address(int fd, uint16_t addr);
/// SMBus read byte data (libi2c). Returns the byte (0..255) or -errno.
int roam_i2c_read_byte(int fd, uint8_t reg);
/// SMBus write byte data (libi2c). Returns 0 or -errno.
int roam_i2c_write_byte(int fd, uint8_t reg, uint8_t value);
/// SMBus I2C block read of len (<= 32) bytes starting at reg (libi2c). Returns bytes read or -errno.
int roam_i2c_read_block(int fd, uint8_t reg, uint8_t *buf, size_t len);
#endif
