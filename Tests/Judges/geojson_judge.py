"""Parses GeoJSON with Python's standard library and prints what it holds as JSON: per feature
the geometry type, line and position counts, whether every position is longitude-first within
range, the first position, polygon ring orientation (RFC 7946: exterior counterclockwise), and
the properties. Usage: geojson_judge.py FILE...
"""
import json
import sys


def ring_area(ring):
    return sum(x1 * y2 - x2 * y1 for (x1, y1, *_), (x2, y2, *_) in zip(ring, ring[1:])) / 2


def judge(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    features = []
    for feat in doc["features"]:
        g = feat["geometry"]
        if g["type"] == "MultiLineString":
            positions = [p for line in g["coordinates"] for p in line]
            features.append({"type": g["type"], "lines": [len(l) for l in g["coordinates"]],
                             "first": positions[0] if positions else None, "positions": len(positions),
                             "in_range": all(-180 <= p[0] <= 180 and -90 <= p[1] <= 90 for p in positions),
                             "properties": feat["properties"]})
        elif g["type"] == "Polygon":
            ring = g["coordinates"][0]
            features.append({"type": g["type"], "closed": ring[0] == ring[-1], "ccw": ring_area(ring) > 0,
                             "bbox": [min(p[1] for p in ring), max(p[1] for p in ring), min(p[0] for p in ring), max(p[0] for p in ring)],
                             "properties": feat["properties"]})
        elif g["type"] == "Point":
            p = g["coordinates"]
            features.append({"type": g["type"], "coordinates": p, "in_range": -180 <= p[0] <= 180 and -90 <= p[1] <= 90,
                             "properties": feat["properties"]})
        else:
            features.append({"type": g["type"]})
    return {"type": doc["type"], "features": features}


print(json.dumps({path: judge(path) for path in sys.argv[1:]}))
