"""The Arrow schema of every table an ingest fills, in the column order of ``schema.sql``.

:mod:`mjlog.store.rows` builds its rows to these schemas; ``docs/schema.md`` says what each
column holds.

>>> GAME_TABLES[:3]
('games', 'players', 'rounds')
>>> SCHEMAS["payments"].field("reason").type
DictionaryType(dictionary<values=string, indices=int32, ordered=0>)
"""

from __future__ import annotations

import pyarrow as pa

I8, I16, I32, F64, B, S, D = pa.int8(), pa.int16(), pa.int32(), pa.float64(), pa.bool_(), pa.string(), pa.date32()
L8, L16, L32 = pa.list_(I8), pa.list_(I16), pa.list_(I32)
GID = pa.dictionary(I32, S)
#: A string column with few distinct values (names, reasons), handed to DuckDB dictionary-encoded.
DS = pa.dictionary(I32, S)

#: Arrow schema of every table the ingest fills.
SCHEMAS: dict[str, pa.Schema] = {
    "games": pa.schema([
        ("game_id", S), ("log_id", S), ("source", S), ("source_format", S), ("content_sha256", S),
        ("family", S), ("rule_set", S), ("n_players", I8), ("length", S), ("red_fives", B), ("open_tanyao", B),
        ("lobby_type", I32), ("lobby", I32), ("lobby_display", S), ("room", S), ("special_lobby", B),
        ("title", S), ("game_date", D), ("game_hour", I8), ("seed_kind", S), ("synthetic", B),
        ("truncated", B), ("n_rounds", I16), ("n_findings", I32), ("n_finding_errors", I32),
        ("first_dealer", I8), ("version", S),
    ]),
    "players": pa.schema([
        ("game_id", GID), ("seat", I8), ("name", S), ("rank", I8), ("rate", F64), ("sex", S),
        ("final_score", I32), ("placement", I8), ("placement_points", F64),
        ("derived_final_score", I32), ("derived_placement_points", F64),
    ]),
    "rounds": pa.schema([
        ("game_id", GID), ("round_index", I16), ("name", S), ("kyoku", I8), ("wind", I8), ("number", I8),
        ("honba", I16), ("sticks", I16), ("dealer", I8), ("start_scores", L32), ("end_scores", L32),
        ("dice", L8), ("dora_indicator", I16), ("result", S), ("n_wins", I8), ("draw_kind", S),
        ("n_riichi_declared", I8), ("n_riichi", I8), ("n_calls", I8), ("n_kans", I8), ("n_events", I16),
        ("complete", B),
    ]),
    "events": pa.schema([
        ("game_id", GID), ("round_index", I16), ("event_index", I16), ("seat", I8),
        ("kind", pa.dictionary(I8, S)), ("tile", I16), ("tsumogiri", B),
        ("call_kind", pa.dictionary(I8, S)), ("from_seat", I8), ("call_tiles", L16),
    ]),
    "wins": pa.schema([
        ("game_id", GID), ("round_index", I16), ("win_index", I8), ("event_index", I16), ("seat", I8),
        ("from_seat", I8), ("deal_in_seat", I8), ("tsumo", B), ("dealer", B), ("riichi", B), ("open_hand", B),
        ("han", I16), ("fu", I16), ("points", I32), ("limit", I8), ("yakuman_count", I8),
        ("dora", I8), ("aka", I8), ("ura", I8), ("honba", I16), ("sticks", I16), ("pao_seat", I8),
        ("derived", B), ("derived_han", I16), ("derived_fu", I16), ("derived_points", I32),
        ("derived_limit", I8), ("derived_pao_seat", I8), ("win_tile", I16), ("hand", L16),
        ("dora_indicators", L16), ("ura_indicators", L16), ("scores_before", L32), ("deltas", L32),
        ("derived_deltas", L32), ("value_unit", DS), ("value", I16), ("derived_value", I16),
        ("claimants", L8),
    ]),
    "win_items": pa.schema([
        ("game_id", GID), ("round_index", I16), ("win_index", I8), ("derived", B), ("item_order", I8),
        ("item_id", I16), ("name", DS), ("english", DS), ("value", I16),
    ]),
    "payments": pa.schema([
        ("game_id", GID), ("round_index", I16), ("result_index", I8), ("event_index", I16), ("payer", I8),
        ("payee", I8), ("reason", DS), ("amount", I32), ("recorded_amount", I32),
    ]),
    "draws": pa.schema([
        ("game_id", GID), ("round_index", I16), ("event_index", I16), ("kind", S), ("abortive", B),
        ("honba", I16), ("sticks", I16), ("shown_seats", L8), ("tenpai_seats", L8), ("nagashi_seats", L8),
        ("deltas", L32), ("derived_deltas", L32),
    ]),
    "riichi_declarations": pa.schema([
        ("game_id", GID), ("round_index", I16), ("event_index", I16), ("seat", I8), ("turn", I16),
        ("riichi_before", I8), ("chasing", B), ("wait_kinds", L8), ("wait_live", L8), ("live_total", I16),
        ("good_shape", B), ("dama_able", B), ("outcome", DS), ("score_delta", I32),
    ]),
    "win_situations": pa.schema([
        ("game_id", GID), ("round_index", I16), ("event_index", I16), ("seat", I8), ("turn", I16), ("style", DS),
        ("tsumo", B), ("deal_in_seat", I8), ("deal_in_turn", I16), ("deal_in_style", DS), ("points", I32),
    ]),
    "draw_tenpai": pa.schema([
        ("game_id", GID), ("round_index", I16), ("event_index", I16), ("seat", I8), ("tenpai", B), ("style", DS),
        ("wait_kinds", L8),
    ]),
    "calls": pa.schema([
        ("game_id", GID), ("round_index", I16), ("event_index", I16), ("seat", I8), ("kind", DS), ("turn", I16),
        ("tile_kind", I8), ("from_seat", I8), ("first_call", B), ("first_call_reason", DS), ("riichi", B),
    ]),
    "findings": pa.schema([
        ("game_id", GID), ("finding_index", I32), ("kind", S), ("severity", S), ("round_index", I16),
        ("round_name", S), ("event_index", I16), ("message", S), ("recorded", S), ("derived", S),
    ]),
}
GAME_TABLES = tuple(SCHEMAS)
