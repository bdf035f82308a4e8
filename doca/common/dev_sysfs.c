/*
 * A real device's properties, read where the kernel keeps them, as NVIDIA's DOCA reads them:
 * <sysfs>/class/infiniband/<ibdev>/device is the device's PCI function (or, for an SF, its
 * auxiliary device under the PF), its net/ directory names its network interfaces, the
 * interface's address file its MAC address, and the function's vpd file (PCI VPD, often
 * readable by root only) its VUID (keyword VU).
 */
#include "dev_internal.h"

#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool dev_pci_addr_parse(const char *text, char out[DEV_PCI_ADDR_SIZE])
{
	/* "bb:dd.f" is "dddd:bb:dd.f" without its domain: the 4 digits and ':' before it. */
	static const char form[] = "xxxx:xx:xx.x";
	size_t length = text ? strlen(text) : 0;
	char address[sizeof(form)] = "0000:";
	unsigned domain, bus, device, function;

	if (length != sizeof(form) - 1 && length != sizeof(form) - 1 - 5)
		return false;
	memcpy(address + sizeof(form) - 1 - length, text, length);
	for (size_t i = 0; i < sizeof(form) - 1; i++)
		if (form[i] == 'x' ? !isxdigit((unsigned char)address[i]) : address[i] != form[i])
			return false;
	if (sscanf(address, "%4x:%2x:%2x.%1x", &domain, &bus, &device, &function) != 4 || device > 0x1f || function > 7)
		return false;
	snprintf(out, DEV_PCI_ADDR_SIZE, "%04x:%02x:%02x.%c", domain & 0xffff, bus & 0xff, device & 0x1f,
		 '0' + (int)function);
	return true;
}

/* The first line of a small file, without its newline: false when it cannot be read. */
static bool read_line(const char *path, char *out, size_t size)
{
	FILE *file = fopen(path, "re");
	bool ok;

	if (!file)
		return false;
	ok = fgets(out, (int)size, file) != NULL;
	fclose(file);
	if (ok)
		out[strcspn(out, "\n")] = '\0';
	return ok;
}

/* The alphabetically first entry of directory path that is not hidden: false when none. */
static bool first_entry(const char *path, char *out, size_t size)
{
	struct dirent **entries;
	int count = scandir(path, &entries, NULL, alphasort);
	bool found = false;

	if (count < 0)
		return false;
	for (int i = 0; i < count; i++) {
		if (!found && entries[i]->d_name[0] != '.' && strlen(entries[i]->d_name) < size) {
			strcpy(out, entries[i]->d_name);
			found = true;
		}
		free(entries[i]);
	}
	free(entries);
	return found;
}

/*
 * The VU keyword of a PCI VPD image (PCI Local Bus 3.0, section 6.4): large resources (tag byte
 * with bit 7 set, 16-bit little-endian length) of which VPD-R (0x90) and VPD-W (0x91) hold
 * keywords (two characters, a length byte, the data); the small end tag (0x78) closes it.
 */
static bool vpd_vuid(const uint8_t *vpd, size_t size, char *out, size_t out_size)
{
	size_t at = 0;

	while (at + 3 <= size && vpd[at] & 0x80) {
		uint8_t tag = vpd[at];
		size_t length = vpd[at + 1] | (size_t)vpd[at + 2] << 8;
		size_t end = at + 3 + length;

		if (end > size)
			return false;
		for (size_t k = at + 3; (tag == 0x90 || tag == 0x91) && k + 3 <= end;) {
			size_t data = vpd[k + 2];

			if (k + 3 + data > end)
				return false;
			if (vpd[k] == 'V' && vpd[k + 1] == 'U' && data && data < out_size) {
				memcpy(out, vpd + k + 3, data);
				out[data] = '\0';
				/* the keyword's data may be padded with spaces */
				for (size_t n = data; n && out[n - 1] == ' '; n--)
					out[n - 1] = '\0';
				return out[0] != '\0';
			}
			k += 3 + data;
		}
		at = end;
	}
	return false;
}

static void read_vuid(const char *function_dir, char *out, size_t size)
{
	/* room for any function_dir (< PATH_MAX) and the suffix: GCC's -O2 checks it (format-truncation) */
	char path[PATH_MAX + sizeof("/vpd")];
	uint8_t vpd[4096];
	ssize_t length;
	int fd;

	snprintf(path, sizeof(path), "%s/vpd", function_dir);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	length = read(fd, vpd, sizeof(vpd));
	close(fd);
	if (length > 0 && !vpd_vuid(vpd, (size_t)length, out, size))
		out[0] = '\0';
}

/* "aa:bb:cc:dd:ee:ff" */
static bool parse_mac(const char *text, uint8_t mac[DEV_MAC_SIZE])
{
	unsigned b[DEV_MAC_SIZE];

	if (strlen(text) != 17 ||
	    sscanf(text, "%2x:%2x:%2x:%2x:%2x:%2x", &b[0], &b[1], &b[2], &b[3], &b[4], &b[5]) != 6)
		return false;
	for (int i = 0; i < DEV_MAC_SIZE; i++)
		mac[i] = (uint8_t)b[i];
	return true;
}

void dev_sysfs_read(const char *sysfs, const char *ibdev, struct dev_props *props)
{
	char link[PATH_MAX], device_dir[PATH_MAX], function_dir[PATH_MAX], path[PATH_MAX + 64], text[64];
	const char *name;
	struct stat st;

	snprintf(link, sizeof(link), "%s/class/infiniband/%s/device", sysfs, ibdev);
	if (!realpath(link, device_dir))
		return;
	name = strrchr(device_dir, '/') + 1;
	snprintf(function_dir, sizeof(function_dir), "%s", device_dir);
	/* An SF is an auxiliary device (mlx5_core.sf.N) under its PF, whose address it shares. */
	if (!strncmp(name, "mlx5_core.sf.", 13)) {
		props->func_type = DEV_FUNC_SF;
		snprintf(path, sizeof(path), "%s/sfnum", device_dir);
		if (read_line(path, text, sizeof(text)))
			props->sf_index = (uint32_t)strtoul(text, NULL, 10);
		*strrchr(function_dir, '/') = '\0';
	} else {
		snprintf(path, sizeof(path), "%s/physfn", device_dir);
		props->func_type = lstat(path, &st) == 0 ? DEV_FUNC_VF : DEV_FUNC_PF;
	}
	if (!dev_pci_addr_parse(strrchr(function_dir, '/') + 1, props->pci_addr))
		props->pci_addr[0] = '\0';
	else if (props->func_type != DEV_FUNC_SF)
		read_vuid(function_dir, props->vuid, sizeof(props->vuid));

	snprintf(path, sizeof(path), "%s/net", device_dir);
	if (!first_entry(path, props->iface_name, sizeof(props->iface_name)))
		return;
	snprintf(path, sizeof(path), "%s/class/net/%s/address", sysfs, props->iface_name);
	props->has_mac = read_line(path, text, sizeof(text)) && parse_mac(text, props->mac);
}
