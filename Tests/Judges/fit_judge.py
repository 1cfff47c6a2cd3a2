"""Decodes FIT files with Garmin's official FIT SDK for Python and prints as JSON: the integrity
check, decoding errors, message counts, the session's totals, the timer events and the records' times.
Usage: fit_judge.py FILE...
"""
import json
import sys

from garmin_fit_sdk import Decoder, Stream


def developer_fields(message, messages):
    names = {d.get("field_definition_number"): d.get("field_name") for d in messages.get("field_description_mesgs", [])}
    return {names.get(k, str(k)): v for k, v in (message.get("developer_fields") or {}).items()}


def judge(path):
    integrity = Decoder(Stream.from_file(path)).check_integrity()
    messages, errors = Decoder(Stream.from_file(path)).read(convert_datetimes_to_dates=False)
    session = (messages.get("session_mesgs") or [{}])[0]
    records = messages.get("record_mesgs", [])
    events = [(e.get("timestamp"), e.get("event_type"), e.get("timer_trigger")) for e in messages.get("event_mesgs", [])]
    keys = ["total_distance", "total_ascent", "total_descent", "total_timer_time", "total_elapsed_time",
            "enhanced_max_speed", "enhanced_avg_speed", "sport", "num_laps", "start_time", "timestamp"]
    return {
        "integrity": integrity,
        "errors": [str(e) for e in errors],
        "counts": {k: len(v) for k, v in messages.items()},
        "session": {k: session.get(k) for k in keys},
        "file_type": (messages.get("file_id_mesgs") or [{}])[0].get("type"),
        "file_creator": [{k: m.get(k) for k in ("software_version",)} for m in messages.get("file_creator_mesgs", [])],
        # The developer fields of file_creator by the names the file's field descriptions give them.
        "file_creator_developer_fields": [developer_fields(m, messages) for m in messages.get("file_creator_mesgs", [])],
        "developer_applications": [bytes(m.get("application_id") or []).decode("latin-1")
                                   for m in messages.get("developer_data_id_mesgs", [])],
        "devices": [{k: m.get(k) for k in ("device_index", "device_type", "manufacturer", "software_version", "source_type")}
                    for m in messages.get("device_info_mesgs", [])],
        "timer_events": events,
        "records_with_position": sum(1 for r in records if r.get("position_lat") is not None),
        "records_with_altitude": sum(1 for r in records if r.get("enhanced_altitude") is not None),
        "last_distance": records[-1].get("distance") if records else None,
        "last_record": {k: records[-1].get(k) for k in ("timestamp", "position_lat", "position_long")} if records else None,
        "first_record": {k: records[0].get(k) for k in ("timestamp", "position_lat", "position_long", "enhanced_altitude", "enhanced_speed", "temperature")} if records else None,
        # A record's time is whole seconds: readers keep one record per timestamp, so they must rise.
        "timestamps_increasing": all(a.get("timestamp") < b.get("timestamp") for a, b in zip(records, records[1:])),
        "record_timestamps": [r.get("timestamp") for r in records],
    }


print(json.dumps({path: judge(path) for path in sys.argv[1:]}))
