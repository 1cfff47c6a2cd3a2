"""Reads GPX files with two readers the project did not write, gpxpy and gpsbabel, and prints
what each saw as JSON: track, segment and point counts and the distance along the segments.

gpsbabel has no per-segment length output (its garmin_txt length runs across gaps), so it
re-writes the file as GPX and the distance is summed over the points as gpsbabel read them.
Usage: gpx_judge.py FILE...
"""
import json
import math
import subprocess
import sys
import xml.etree.ElementTree as ET

import gpxpy

GPX_NS = "{http://www.topografix.com/GPX/1/1}"


def haversine_m(a, b):
    r = 6371008.8
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * r * math.asin(math.sqrt(min(1.0, h)))


def with_gpxpy(path):
    with open(path, encoding="utf-8") as f:
        gpx = gpxpy.parse(f)
    segments = [s for t in gpx.tracks for s in t.segments]
    return {
        "tracks": len(gpx.tracks),
        "segments": len(segments),
        "points": sum(len(s.points) for s in segments),
        "distance_m": gpx.length_2d(),
        "first_time": gpx.tracks[0].segments[0].points[0].time.isoformat() if segments and segments[0].points and segments[0].points[0].time else None,
        "has_elevation": any(p.elevation is not None for s in segments for p in s.points),
    }


def with_gpsbabel(path):
    run = subprocess.run(["gpsbabel", "-t", "-i", "gpx", "-f", path, "-o", "gpx", "-F", "-"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        return {"status": run.returncode, "stderr": run.stderr}
    root = ET.fromstring(run.stdout)
    tracks = root.findall(GPX_NS + "trk")
    segments = [s for t in tracks for s in t.findall(GPX_NS + "trkseg")]
    points, distance = 0, 0.0
    for s in segments:
        pts = [(float(p.get("lat")), float(p.get("lon"))) for p in s.findall(GPX_NS + "trkpt")]
        points += len(pts)
        distance += sum(haversine_m(a, b) for a, b in zip(pts, pts[1:]))
    return {"status": 0, "stderr": run.stderr, "tracks": len(tracks), "segments": len(segments),
            "points": points, "distance_m": distance}


print(json.dumps({path: {"gpxpy": with_gpxpy(path), "gpsbabel": with_gpsbabel(path)} for path in sys.argv[1:]}))
