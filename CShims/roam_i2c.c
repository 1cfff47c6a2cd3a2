#include "roam_i2c.h"
#include <errno.h>
#include <fcntl.h>
#include <i2c/smbus.h>
#include <linux/i2c-dev.h>
#include <sys/ioctl.h>
#include <unistd.h>

int roam_i2c_open(const char *path) {
    int fd = open(path, O_RDWR | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int roam_i2c_set_address(int fd, uint16_t addr) {
    return ioctl(fd, I2C_SLAVE, (unsigned long)addr) < 0 ? -errno : 0;
}

int roam_i2c_read_byte(int fd, uint8_t reg) {
    int32_t r = i2c_smbus_read_byte_data(fd, reg);
    return r < 0 ? -errno : r;
}

int roam_i2c_write_byte(int fd, uint8_t reg, uint8_t value) {
    return i2c_smbus_write_byte_data(fd, reg, value) < 0 ? -errno : 0;
}

int roam_i2c_read_block(int fd, uint8_t reg, uint8_t *buf, size_t len) {
    if (len > 32) return -EINVAL;
    int32_t r = i2c_smbus_read_i2c_block_data(fd, reg, (uint8_t)len, buf);
    return r < 0 ? -errno : r;
}
