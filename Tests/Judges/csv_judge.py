"""Parses CSV with Python's standard csv module (RFC 4180 dialect) and prints as JSON: the
header, the row count, rows per segment, accepted and flagged counts, and the NMEA field of the
first row (a quoted field with line breaks must come back whole). Usage: csv_judge.py FILE...
"""
import csv
import json
import sys


def judge(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f, strict=True))
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
        "first_nmea": body[0][col["nmea"]] if body else None,
        "first_lat_lon": [float(body[0][col["lat_deg"]]), float(body[0][col["lon_deg"]])] if body and body[0][col["lat_deg"]] else None,
        "last_distance_m": float(body[-1][col["distance_m"]]) if body else None,
        "seqs": [int(r[col["seq"]]) for r in body],
    }


print(json.dumps({path: judge(path) for path in sys.argv[1:]}))
