"""Parses CSV with Python's standard csv module (RFC 4180 dialect) and prints as JSON: the
header, the row count, rows per segment, accepted and flagged counts, the NMEA field of the
first row with its one-line escapes undone (\\n between sentences, \\\\ and \\r inside), and the
file's physical line count (one fix is one line). Usage: csv_judge.py FILE...
"""
import csv
import json
import sys


def unescape(field):
    out, i = [], 0
    while i < len(field):
        c = field[i]
        if c == "\\" and i + 1 < len(field):
            out.append({"n": "\n", "r": "\r", "\\": "\\"}.get(field[i + 1], field[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def judge(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f, strict=True))
    with open(path, "rb") as f:
        physical_lines = f.read().count(b"\n")
    header, body = rows[0], rows[1:]
    col = {name: i for i, name in enumerate(header)}
    segments = {}
    for r in body:
        segments[r[col["segment"]]] = segments.get(r[col["segment"]], 0) + 1
    return {
        "header": header,
        "rows": len(body),
        "widths": sorted({len(r) for r in body}),
        "segments": segments,
        "accepted": sum(1 for r in body if r[col["accepted"]] == "1"),
        "first_nmea": unescape(body[0][col["nmea"]]) if body else None,
        "physical_lines": physical_lines,
        "first_lat_lon": [float(body[0][col["lat_deg"]]), float(body[0][col["lon_deg"]])] if body and body[0][col["lat_deg"]] else None,
        "last_distance_m": float(body[-1][col["distance_m"]]) if body else None,
        "seqs": [int(r[col["seq"]]) for r in body],
    }


print(json.dumps({path: judge(path) for path in sys.argv[1:]}))
