#ifndef ROAM_CSHIMS_H
#define ROAM_CSHIMS_H
// Umbrella header. Every function returns >= 0 on success and -errno on failure;
// none retries, logs or chooses a fallback (policy lives in Swift).
#include "roam_uart.h"
#include "roam_pty.h"
#include "roam_i2c.h"
#include "roam_gpio.h"
#include "roam_gpiochip.h"
#include "roam_sys.h"
#include "roam_fs.h"
#include "roam_inotify.h"
#endif
