"""Encodes positions with pygeohash and prints each cell and its bounding box as JSON.
Reads [[lat, lon, precision], ...] as JSON on standard input."""
import json
import sys

import pygeohash

out = []
for lat, lon, precision in json.load(sys.stdin):
    cell = pygeohash.encode(float(lat), float(lon), int(precision))
    box = pygeohash.get_bounding_box(cell)
    out.append({"cell": cell, "bbox": [box.min_lat, box.max_lat, box.min_lon, box.max_lon]})
print(json.dumps(out))
