"""Explorer tiles of the accepted fixes in `roam-board dump --format csv` files, judged
independently: tiles from mercantile, then the scores as VeloViewer defines them.
Prints {"14": {"tiles": n, "max_square": n, "max_cluster": n}, "17": {...}} as JSON.
Usage: tiles_judge.py ride1.csv [ride2.csv ...]"""
import csv
import json
import sys

import mercantile


def positions(paths):
    for path in paths:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                if row["accepted"] == "1" and row["lat_deg"] and row["lon_deg"]:
                    yield float(row["lat_deg"]), float(row["lon_deg"])


def max_square(tiles):
    """Largest k such that some k x k block of tiles is all visited (no antimeridian wrap):
    grows each corner's square while the next ring is complete."""
    best = 0
    for (x, y) in tiles:
        k = best + 1
        while all((x + i, y + j) in tiles for i in range(k) for j in range(k)):
            best = k
            k += 1
    return best


def max_cluster(tiles, zoom):
    """Largest 4-connected group of tiles whose four neighbours are visited; x wraps."""
    n = 2 ** zoom

    def neighbours(x, y):
        out = [((x + 1) % n, y), ((x - 1) % n, y)]
        if y > 0:
            out.append((x, y - 1))
        if y < n - 1:
            out.append((x, y + 1))
        return out

    core = {t for t in tiles if len(neighbours(*t)) == 4 and all(m in tiles for m in neighbours(*t))}
    seen, best = set(), 0
    for start in core:
        if start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            t = stack.pop()
            size += 1
            for m in neighbours(*t):
                if m in core and m not in seen:
                    seen.add(m)
                    stack.append(m)
        best = max(best, size)
    return best


points = list(positions(sys.argv[1:]))
result = {}
for zoom in (14, 17):
    tiles = {(t.x, t.y) for t in (mercantile.tile(lon, lat, zoom) for lat, lon in points)}
    result[str(zoom)] = {"tiles": len(tiles), "max_square": max_square(tiles), "max_cluster": max_cluster(tiles, zoom)}
print(json.dumps(result))
