/*
 * hil-replay-log: reads a dm-log-writes log (the kernel's Documentation/admin-guide/device-mapper/log-writes.rst)
 * and replays part of it onto a copy of the disk the log started from, to make the disk a power cut at that
 * point could have left. Debian packages no replay tool (xfstests' replay-log is not in the archive); the
 * format is small:
 *
 *   sector 0        struct log_write_super {le64 magic, le64 version, le64 nr_entries, le32 sectorsize}
 *   then per entry  one sector: struct log_write_entry {le64 sector, le64 nr_sectors, le64 flags, le64 data_len}
 *                   (a mark's text follows the struct inside that sector), then nr_sectors sectors of data for a
 *                   write (none for a discard, a flush without data or a mark).
 *
 * Sectors and nr_sectors count `sectorsize` bytes (the logged device's logical block size). dm-log-writes logs
 * a plain write only when a flush after it completes (in front of that flush's entry), a FUA write and a flush
 * when they complete, and a mark when it is asked for: every entry before a mark was on stable storage at the
 * mark's time; the plain writes after it, up to the next flush, may or may not have been.
 *
 *   hil-replay-log list LOG
 *       one line per entry: INDEX KIND SECTOR NR_SECTORS [MARK-TEXT], KIND one or more of W (plain write),
 *       F (flush), U (FUA), D (discard), M (mark), m (metadata hint)
 *   hil-replay-log replay LOG IMAGE UPTO [UNTIL SEED]
 *       writes entries 0 .. UPTO-1 onto IMAGE; with UNTIL and SEED also a random half (seeded) of the writes
 *       with UPTO <= INDEX < UNTIL (a card that wrote some of its cache before the power went): FUA writes
 *       there are always kept, flushes and marks carry no data. Discards are written as zeros.
 *
 * Exit status 0, or 1 with a message naming what was wrong (an unreadable log, a bad magic, an entry past the
 * end of the log, a write past the end of the image), 2 for a usage error.
 */
#define _FILE_OFFSET_BITS 64
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LOG_FLUSH_FLAG (1u << 0)
#define LOG_FUA_FLAG (1u << 1)
#define LOG_DISCARD_FLAG (1u << 2)
#define LOG_MARK_FLAG (1u << 3)
#define LOG_METADATA_FLAG (1u << 4)
#define WRITE_LOG_MAGIC 0x6a736677736872ULL
#define WRITE_LOG_VERSION 1ULL

struct log_entry {
    uint64_t sector;
    uint64_t nr_sectors;
    uint64_t flags;
    uint64_t data_len;
};

struct log {
    int fd;
    const char *path;
    uint64_t entries;
    uint32_t sectorsize;
    off_t size;
};

static int fail(const char *what, const char *path) {
    fprintf(stderr, "hil-replay-log: %s: %s%s%s\n", path, what, errno ? ": " : "", errno ? strerror(errno) : "");
    return 1;
}

static int read_exact(int fd, void *buffer, size_t length, off_t offset) {
    size_t done = 0;
    while (done < length) {
        ssize_t got = pread(fd, (char *)buffer + done, length - done, offset + (off_t)done);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return -1;
        done += (size_t)got;
    }
    return 0;
}

static int write_exact(int fd, const void *buffer, size_t length, off_t offset) {
    size_t done = 0;
    while (done < length) {
        ssize_t put = pwrite(fd, (const char *)buffer + done, length - done, offset + (off_t)done);
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0)
            return -1;
        done += (size_t)put;
    }
    return 0;
}

static int open_log(struct log *log, const char *path) {
    unsigned char super[32];
    struct stat status;
    uint64_t magic, version;
    log->path = path;
    log->fd = open(path, O_RDONLY);
    if (log->fd < 0)
        return fail("cannot open the log", path);
    if (fstat(log->fd, &status) != 0)
        return fail("cannot stat the log", path);
    log->size = status.st_size;
    errno = 0;
    if (read_exact(log->fd, super, sizeof super, 0) != 0)
        return fail("shorter than a log super block", path);
    memcpy(&magic, super, 8);
    memcpy(&version, super + 8, 8);
    memcpy(&log->entries, super + 16, 8);
    memcpy(&log->sectorsize, super + 24, 4);
    magic = le64toh(magic);
    version = le64toh(version);
    log->entries = le64toh(log->entries);
    log->sectorsize = le32toh(log->sectorsize);
    if (magic != WRITE_LOG_MAGIC || version != WRITE_LOG_VERSION)
        return fail("not a dm-log-writes log (magic or version differ)", path);
    if (log->sectorsize < 512 || log->sectorsize > 65536 || (log->sectorsize & (log->sectorsize - 1)) != 0) {
        errno = 0;
        return fail("the super block's sector size is not a power of two from 512 to 65536", path);
    }
    return 0;
}

/* read_entry: the entry whose header is at `offset`; text (a mark's, NUL-terminated) into `mark`. */
static int read_entry(const struct log *log, off_t offset, struct log_entry *entry, char *mark, size_t mark_size) {
    unsigned char *sector = malloc(log->sectorsize);
    if (sector == NULL)
        return -1;
    errno = 0;
    if (read_exact(log->fd, sector, log->sectorsize, offset) != 0) {
        free(sector);
        return -1;
    }
    memcpy(entry, sector, sizeof *entry);
    entry->sector = le64toh(entry->sector);
    entry->nr_sectors = le64toh(entry->nr_sectors);
    entry->flags = le64toh(entry->flags);
    entry->data_len = le64toh(entry->data_len);
    mark[0] = '\0';
    if (entry->flags & LOG_MARK_FLAG) {
        size_t length = entry->data_len;
        size_t room = log->sectorsize - sizeof *entry;
        if (length > room)
            length = room;
        if (length >= mark_size)
            length = mark_size - 1;
        memcpy(mark, sector + sizeof *entry, length);
        mark[length] = '\0';
    }
    free(sector);
    return 0;
}

/* next_offset: where the entry after this one starts (data follows writes, not discards or marks). */
static off_t next_offset(const struct log *log, off_t offset, const struct log_entry *entry) {
    uint64_t sectors = 1;
    if (!(entry->flags & (LOG_DISCARD_FLAG | LOG_MARK_FLAG)))
        sectors += entry->nr_sectors;
    return offset + (off_t)(sectors * log->sectorsize);
}

static void kind(const struct log_entry *entry, char *text) {
    char *p = text;
    if (entry->flags & LOG_MARK_FLAG)
        *p++ = 'M';
    if (entry->flags & LOG_FLUSH_FLAG)
        *p++ = 'F';
    if (entry->flags & LOG_FUA_FLAG)
        *p++ = 'U';
    if (entry->flags & LOG_DISCARD_FLAG)
        *p++ = 'D';
    if (entry->nr_sectors > 0 && !(entry->flags & (LOG_DISCARD_FLAG | LOG_MARK_FLAG | LOG_FLUSH_FLAG | LOG_FUA_FLAG)))
        *p++ = 'W';
    if (entry->flags & LOG_METADATA_FLAG)
        *p++ = 'm';
    if (p == text)
        *p++ = '-';
    *p = '\0';
}

static int list(const char *path) {
    struct log log;
    struct log_entry entry;
    char mark[512], text[8];
    off_t offset;
    uint64_t index;
    if (open_log(&log, path) != 0)
        return 1;
    offset = log.sectorsize;
    for (index = 0; index < log.entries; index++) {
        if (read_entry(&log, offset, &entry, mark, sizeof mark) != 0) {
            fprintf(stderr, "hil-replay-log: %s: entry %" PRIu64 " of %" PRIu64 " lies past the log's end\n", path,
                index, log.entries);
            return 1;
        }
        kind(&entry, text);
        printf("%" PRIu64 " %s %" PRIu64 " %" PRIu64 "%s%s\n", index, text, entry.sector, entry.nr_sectors,
            mark[0] ? " " : "", mark);
        offset = next_offset(&log, offset, &entry);
    }
    return 0;
}

/* A small seeded generator (xorshift64*): the same SEED replays the same subset. */
static uint64_t next_random(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1DULL;
}

static int replay(const char *path, const char *image_path, uint64_t upto, uint64_t until, uint64_t seed) {
    struct log log;
    struct log_entry entry;
    char mark[512];
    off_t offset;
    uint64_t index, applied = 0, dropped = 0, state = seed * 2654435761u + 88172645463325252ULL;
    unsigned char *buffer = NULL;
    size_t buffer_size = 0;
    struct stat status;
    int image;
    if (open_log(&log, path) != 0)
        return 1;
    if (upto > log.entries)
        upto = log.entries;
    if (until > log.entries)
        until = log.entries;
    image = open(image_path, O_WRONLY);
    if (image < 0)
        return fail("cannot open the image", image_path);
    if (fstat(image, &status) != 0)
        return fail("cannot stat the image", image_path);
    offset = log.sectorsize;
    for (index = 0; index < until || index < upto; index++) {
        uint64_t bytes;
        off_t target;
        if (read_entry(&log, offset, &entry, mark, sizeof mark) != 0) {
            fprintf(stderr, "hil-replay-log: %s: entry %" PRIu64 " lies past the log's end\n", path, index);
            return 1;
        }
        bytes = entry.nr_sectors * log.sectorsize;
        target = (off_t)(entry.sector * log.sectorsize);
        if (!(entry.flags & LOG_MARK_FLAG) && entry.nr_sectors > 0) {
            int keep = index < upto || (entry.flags & LOG_FUA_FLAG) || (next_random(&state) >> 63);
            if (target + (off_t)bytes > status.st_size) {
                fprintf(stderr, "hil-replay-log: %s: entry %" PRIu64 " writes past the end of %s\n", path, index,
                    image_path);
                return 1;
            }
            if (keep) {
                if (bytes > buffer_size) {
                    free(buffer);
                    buffer = malloc(bytes);
                    buffer_size = bytes;
                    if (buffer == NULL) {
                        errno = ENOMEM;
                        return fail("no memory for an entry's data", path);
                    }
                }
                if (entry.flags & LOG_DISCARD_FLAG) {
                    memset(buffer, 0, bytes);
                } else {
                    errno = 0;
                    if (read_exact(log.fd, buffer, bytes, offset + (off_t)log.sectorsize) != 0) {
                        fprintf(stderr, "hil-replay-log: %s: entry %" PRIu64 "'s data lies past the log's end\n",
                            path, index);
                        return 1;
                    }
                }
                if (write_exact(image, buffer, bytes, target) != 0)
                    return fail("writing the image failed", image_path);
                applied++;
            } else {
                dropped++;
            }
        }
        offset = next_offset(&log, offset, &entry);
    }
    free(buffer);
    if (fsync(image) != 0 || close(image) != 0)
        return fail("closing the image failed", image_path);
    printf("applied %" PRIu64 " writes, dropped %" PRIu64 "\n", applied, dropped);
    return 0;
}

static int parse(const char *text, uint64_t *value) {
    char *end;
    errno = 0;
    *value = strtoull(text, &end, 10);
    return errno == 0 && end != text && *end == '\0' ? 0 : -1;
}

int main(int argc, char **argv) {
    uint64_t upto, until = 0, seed = 0;
    if (argc == 3 && strcmp(argv[1], "list") == 0)
        return list(argv[2]);
    if ((argc == 5 || argc == 7) && strcmp(argv[1], "replay") == 0 && parse(argv[4], &upto) == 0 &&
        (argc == 5 || (parse(argv[5], &until) == 0 && parse(argv[6], &seed) == 0)))
        return replay(argv[2], argv[3], upto, until, seed);
    fprintf(stderr, "usage: hil-replay-log list LOG\n"
                    "       hil-replay-log replay LOG IMAGE UPTO [UNTIL SEED]\n");
    return 2;
}
