#!/usr/bin/env python3
"""The functions on the pages of a running binary's code that are in memory (scripts/symbol-order).

    touched-functions.py PID BINARY [MAP]

BINARY is the unstripped file the process PID runs (its path as /proc/PID/maps names it). Reads
/proc/PID/maps and /proc/PID/pagemap (bit 63: page present) for BINARY's executable mapping, maps
each present page back to the ELF's addresses through its PT_LOAD headers, and prints the names of
the functions (`nm -n -S`: t, T, w, W) with a byte on such a page, in address order, once each.
With MAP, lld's -Map of BINARY, only the first name of each input section is printed: lld moves
whole sections, and one name places a section (a prebuilt library's code is often one section).
Figures go to stderr. Python's standard library only.
"""
import os
import re
import struct
import subprocess
import sys

PAGE = os.sysconf("SC_PAGE_SIZE")


def executable_loads(path):
    """(p_offset, p_vaddr, p_filesz) of each executable PT_LOAD of an ELF64 little-endian file."""
    with open(path, "rb") as f:
        head = f.read(64)
        if head[:4] != b"\x7fELF" or head[4] != 2 or head[5] != 1:
            sys.exit(f"touched-functions: {path} is not a 64-bit little-endian ELF file")
        phoff, = struct.unpack_from("<Q", head, 0x20)
        phentsize, phnum = struct.unpack_from("<HH", head, 0x36)
        f.seek(phoff)
        table = f.read(phentsize * phnum)
    loads = []
    for i in range(phnum):
        p_type, p_flags, p_offset, p_vaddr, _, p_filesz = struct.unpack_from("<IIQQQQ", table, i * phentsize)
        if p_type == 1 and p_flags & 1:
            loads.append((p_offset, p_vaddr, p_filesz))
    return loads


def present_addresses(pid, path, loads):
    """The ELF addresses of the present pages of path's executable mappings in process pid."""
    real = os.path.realpath(path)
    pages, total = [], 0
    with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for line in maps:
            fields = line.split()
            if len(fields) < 6 or "x" not in fields[1] or os.path.realpath(fields[5]) != real:
                continue
            start, end = (int(x, 16) for x in fields[0].split("-"))
            offset = int(fields[2], 16)
            count = (end - start) // PAGE
            pagemap.seek(start // PAGE * 8)
            entries = struct.unpack(f"<{count}Q", pagemap.read(count * 8))
            total += count
            for i, entry in enumerate(entries):
                if not entry >> 63:
                    continue
                file_offset = offset + i * PAGE
                for p_offset, p_vaddr, p_filesz in loads:
                    if p_offset <= file_offset < p_offset + p_filesz:
                        pages.append(p_vaddr + file_offset - p_offset)
    if total == 0:
        sys.exit(f"touched-functions: process {pid} has no executable mapping of {real}")
    return sorted(pages), total


def functions(path):
    """(address, size, name) of the binary's functions in address order; a size nm does not know
    runs to the next function."""
    out = subprocess.run(["nm", "-n", "-S", "--defined-only", path], capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines():
        fields = line.split(maxsplit=3)
        if len(fields) == 4 and fields[2] in "tTwW":
            rows.append([int(fields[0], 16), int(fields[1], 16), fields[3]])
        elif len(fields) == 3 and fields[1] in "tTwW":
            rows.append([int(fields[0], 16), 0, fields[2]])
    for here, after in zip(rows, rows[1:]):
        if here[1] == 0:
            here[1] = max(after[0] - here[0], 1)
    return rows


def sections(map_path):
    """Each symbol of the .text output section in lld's map, to the number of its input section."""
    row = re.compile(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+\d+ ( *)(\S.*)$")
    owner, in_text, section = {}, False, 0
    with open(map_path) as f:
        for line in f:
            m = row.match(line)
            if not m:
                continue
            depth, name = len(m.group(1)), m.group(2)
            if depth == 0:
                in_text = name == ".text"
            elif in_text and depth == 8:
                section += 1
            elif in_text and depth == 16:
                owner.setdefault(name, section)
    return owner


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    pid, path = sys.argv[1], sys.argv[2]
    owner = sections(sys.argv[3]) if len(sys.argv) == 4 else {}
    placed = set()
    pages, total = present_addresses(pid, path, executable_loads(path))
    present = set(pages)
    seen, names, size = set(), [], 0
    for address, length, name in functions(path):
        first, last = address // PAGE * PAGE, (address + max(length, 1) - 1) // PAGE * PAGE
        if any(p in present for p in range(first, last + PAGE, PAGE)):
            size += length
            if name not in seen:
                seen.add(name)
                if name in owner and owner[name] in placed:
                    continue
                placed.add(owner.get(name))
                names.append(name)
    print("\n".join(names))
    print(f"touched-functions: {len(pages)} of {total} code pages present "
          f"({len(pages) * PAGE / 2**20:.2f} MiB), {len(seen)} functions on them ({size / 2**20:.2f} MiB), "
          f"{len(names)} names printed",
          file=sys.stderr)


if __name__ == "__main__":
    main()
