/* SPDX-License-Identifier: GPL-2.0 */
/* The fixture config, matching the .config the unit tests write:
 * CONFIG_FIXTURE_ARCH=y, CONFIG_FIXTURE_FEATURE not set. */
#define CONFIG_FIXTURE_ARCH 1
