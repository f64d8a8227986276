-- mjlog store schema (DuckDB). Every table and column is described in docs/schema.md.
-- Tiles are Tenhou ids 0..135 (kind = id // 4; 16, 52, 88 are the red fives when a game has them).
-- Seats are 0-based as in the log (seat 0 = the first player of the header).
-- Points are points (25000), never hundreds. "derived_*" columns come from mjlog's replay;
-- the others are recorded, exactly as the log states them. Columns marked "riichi only" are
-- NULL for games of other rule families; Tenhou's header columns are NULL without that header.

CREATE TABLE IF NOT EXISTS meta (
    key VARCHAR PRIMARY KEY,
    value VARCHAR
);

CREATE TABLE IF NOT EXISTS games (
    game_id VARCHAR PRIMARY KEY,
    log_id VARCHAR,
    source VARCHAR NOT NULL,
    source_format VARCHAR NOT NULL,
    content_sha256 VARCHAR NOT NULL,
    family VARCHAR NOT NULL,
    rule_set VARCHAR NOT NULL,
    n_players TINYINT NOT NULL,
    length VARCHAR,
    red_fives BOOLEAN,
    open_tanyao BOOLEAN,
    lobby_type INTEGER,
    lobby INTEGER,
    lobby_display VARCHAR,
    room VARCHAR,
    special_lobby BOOLEAN,
    title VARCHAR,
    game_date DATE,
    game_hour TINYINT,
    seed_kind VARCHAR,
    synthetic BOOLEAN NOT NULL,
    truncated BOOLEAN NOT NULL,
    n_rounds SMALLINT NOT NULL,
    n_findings INTEGER NOT NULL,
    n_finding_errors INTEGER NOT NULL,
    first_dealer TINYINT,
    version VARCHAR
);

CREATE TABLE IF NOT EXISTS players (
    game_id VARCHAR NOT NULL,
    seat TINYINT NOT NULL,
    name VARCHAR,
    rank TINYINT,
    rate DOUBLE,
    sex VARCHAR,
    final_score INTEGER,
    placement TINYINT,
    placement_points DOUBLE,
    derived_final_score INTEGER,
    derived_placement_points DOUBLE
);

CREATE TABLE IF NOT EXISTS rounds (
    game_id VARCHAR NOT NULL,
    round_index SMALLINT NOT NULL,
    name VARCHAR,
    kyoku TINYINT,
    wind TINYINT,
    number TINYINT,
    honba SMALLINT,
    sticks SMALLINT,
    dealer TINYINT,
    start_scores INTEGER[],
    end_scores INTEGER[],
    dice TINYINT[],
    dora_indicator SMALLINT,
    result VARCHAR,
    n_wins TINYINT,
    draw_kind VARCHAR,
    n_riichi_declared TINYINT,
    n_riichi TINYINT,
    n_calls TINYINT,
    n_kans TINYINT,
    n_events SMALLINT,
    complete BOOLEAN
);

CREATE TABLE IF NOT EXISTS events (
    game_id VARCHAR NOT NULL,
    round_index SMALLINT NOT NULL,
    event_index SMALLINT NOT NULL,
    seat TINYINT,
    kind VARCHAR NOT NULL,
    tile SMALLINT,
    tsumogiri BOOLEAN,
    call_kind VARCHAR,
    from_seat TINYINT,
    call_tiles SMALLINT[]
);

CREATE TABLE IF NOT EXISTS wins (
    game_id VARCHAR NOT NULL,
    round_index SMALLINT NOT NULL,
    win_index TINYINT NOT NULL,
    event_index SMALLINT,
    seat TINYINT NOT NULL,
    from_seat TINYINT NOT NULL,
    deal_in_seat TINYINT,
    tsumo BOOLEAN,
    dealer BOOLEAN,
    riichi BOOLEAN,
    open_hand BOOLEAN,
    han SMALLINT,
    fu SMALLINT,
    points INTEGER,
    "limit" TINYINT,
    yakuman_count TINYINT,
    dora TINYINT,
    aka TINYINT,
    ura TINYINT,
    honba SMALLINT,
    sticks SMALLINT,
    pao_seat TINYINT,
    derived BOOLEAN,
    derived_han SMALLINT,
    derived_fu SMALLINT,
    derived_points INTEGER,
    derived_limit TINYINT,
    derived_pao_seat TINYINT,
    win_tile SMALLINT,
    hand SMALLINT[],
    dora_indicators SMALLINT[],
    ura_indicators SMALLINT[],
    scores_before INTEGER[],
    deltas INTEGER[],
    derived_deltas INTEGER[],
    value_unit VARCHAR,
    value SMALLINT,
    derived_value SMALLINT,
    claimants TINYINT[]
);

CREATE TABLE IF NOT EXISTS win_items (
    game_id VARCHAR NOT NULL,
    round_index SMALLINT NOT NULL,
    win_index TINYINT NOT NULL,
    derived BOOLEAN NOT NULL,
    item_order TINYINT NOT NULL,
    item_id SMALLINT NOT NULL,
    name VARCHAR,
    english VARCHAR,
    value SMALLINT NOT NULL
);

CREATE TABLE IF NOT EXISTS payments (
    game_id VARCHAR NOT NULL,
    round_index SMALLINT NOT NULL,
    result_index TINYINT,
    event_index SMALLINT,
    payer TINYINT,
    payee TINYINT,
    reason VARCHAR NOT NULL,
    amount INTEGER NOT NULL,
    recorded_amount INTEGER
);

CREATE TABLE IF NOT EXISTS draws (
    game_id VARCHAR NOT NULL,
    round_index SMALLINT NOT NULL,
    event_index SMALLINT,
    kind VARCHAR NOT NULL,
    abortive BOOLEAN,
    honba SMALLINT,
    sticks SMALLINT,
    shown_seats TINYINT[],
    tenpai_seats TINYINT[],
    nagashi_seats TINYINT[],
    deltas INTEGER[],
    derived_deltas INTEGER[]
);

-- one row per riichi declaration, with its situation (riichi's round_rows; docs/schema.md)
CREATE TABLE IF NOT EXISTS riichi_declarations (
    game_id VARCHAR NOT NULL,
    round_index SMALLINT NOT NULL,
    event_index SMALLINT NOT NULL,
    seat TINYINT NOT NULL,
    turn SMALLINT,
    riichi_before TINYINT NOT NULL,
    chasing BOOLEAN NOT NULL,
    wait_kinds TINYINT[],
    wait_live TINYINT[],
    live_total SMALLINT,
    good_shape BOOLEAN,
    dama_able BOOLEAN,
    outcome VARCHAR NOT NULL,
    score_delta INTEGER
);

-- one row per win, with its situation (riichi's round_rows; Beijing's, MCR's, Datong's: docs/schema.md)
CREATE TABLE IF NOT EXISTS win_situations (
    game_id VARCHAR NOT NULL,
    round_index SMALLINT NOT NULL,
    event_index SMALLINT NOT NULL,
    seat TINYINT NOT NULL,
    turn SMALLINT NOT NULL,
    style VARCHAR NOT NULL,
    tsumo BOOLEAN NOT NULL,
    deal_in_seat TINYINT,
    deal_in_turn SMALLINT,
    deal_in_style VARCHAR,
    points INTEGER
);

-- one row per seat at a draw that ends the wall, tenpai or not (riichi's round_rows; docs/schema.md)
CREATE TABLE IF NOT EXISTS draw_tenpai (
    game_id VARCHAR NOT NULL,
    round_index SMALLINT NOT NULL,
    event_index SMALLINT NOT NULL,
    seat TINYINT NOT NULL,
    tenpai BOOLEAN NOT NULL,
    style VARCHAR NOT NULL,
    wait_kinds TINYINT[]
);

-- one row per call, kita included, with its turn and a first call's reason (every family's round_rows; docs/schema.md)
CREATE TABLE IF NOT EXISTS calls (
    game_id VARCHAR NOT NULL,
    round_index SMALLINT NOT NULL,
    event_index SMALLINT NOT NULL,
    seat TINYINT NOT NULL,
    kind VARCHAR NOT NULL,
    turn SMALLINT NOT NULL,
    tile_kind TINYINT NOT NULL,
    from_seat TINYINT,
    first_call BOOLEAN NOT NULL,
    first_call_reason VARCHAR,
    riichi BOOLEAN            -- NULL in a family without riichi
);

CREATE TABLE IF NOT EXISTS findings (
    game_id VARCHAR NOT NULL,
    finding_index INTEGER NOT NULL,
    kind VARCHAR NOT NULL,
    severity VARCHAR NOT NULL,
    round_index SMALLINT,
    round_name VARCHAR,
    event_index SMALLINT,
    message VARCHAR,
    recorded VARCHAR,
    derived VARCHAR
);

CREATE TABLE IF NOT EXISTS sources (
    source VARCHAR PRIMARY KEY,
    game_id VARCHAR NOT NULL,
    role VARCHAR NOT NULL,
    source_format VARCHAR,
    log_id VARCHAR,
    content_sha256 VARCHAR,
    fingerprint VARCHAR,
    disagreement VARCHAR
);

CREATE TABLE IF NOT EXISTS unreadable (
    source VARCHAR PRIMARY KEY,
    error VARCHAR,
    error_type VARCHAR,
    content_sha256 VARCHAR
);

CREATE TABLE IF NOT EXISTS yaku (
    yaku_id SMALLINT PRIMARY KEY,
    name_en VARCHAR,
    name_ja VARCHAR,
    han_closed SMALLINT,
    han_open SMALLINT,
    yakuman BOOLEAN
);

-- Tiles: kind (0..33) and mpsz names. tile_mpsz(52) = '0p'; tile_mpsz(52, red_fives := false) = '5p'.
CREATE OR REPLACE MACRO tile_kind(t) AS t // 4;
CREATE OR REPLACE MACRO kind_mpsz(k) AS
    CASE WHEN k IS NULL THEN NULL ELSE ((k % 9) + 1)::VARCHAR || substr('mpsz', (k // 9) + 1, 1) END;
CREATE OR REPLACE MACRO tile_mpsz(t, red_fives := true) AS
    CASE WHEN t IS NULL THEN NULL
         WHEN red_fives AND t IN (16, 52, 88) THEN '0' || substr('mps', (t // 36) + 1, 1)
         ELSE kind_mpsz(t // 4) END;
CREATE OR REPLACE MACRO tiles_mpsz(ts, red_fives := true) AS
    array_to_string(list_transform(ts, lambda x: tile_mpsz(x, red_fives)), '');

-- Events with their tiles named (red fives as '0' only in games that have them).
CREATE OR REPLACE VIEW event_tiles AS
SELECT e.*, tile_kind(e.tile) AS tile_kind, tile_mpsz(e.tile, g.red_fives) AS tile_name
FROM events e JOIN games g USING (game_id);

-- One row per seat per game: the player, the recorded result, and counts over the game's rounds.
CREATE OR REPLACE VIEW seat_results AS
WITH
w AS (SELECT game_id, seat, count(*) AS wins, sum(points)::BIGINT AS win_points FROM wins GROUP BY ALL),
d AS (SELECT game_id, deal_in_seat AS seat, count(DISTINCT round_index) AS deal_ins
      FROM wins WHERE deal_in_seat IS NOT NULL GROUP BY ALL),
r AS (SELECT game_id, seat,
             count(*) FILTER (WHERE kind = 'riichi_declared') AS riichi_declared,
             count(*) FILTER (WHERE kind = 'riichi_accepted') AS riichi,
             count(*) FILTER (WHERE kind = 'call' AND call_kind IN ('chi', 'pon', 'daiminkan')) AS calls
      FROM events WHERE kind IN ('riichi_declared', 'riichi_accepted', 'call') GROUP BY ALL)
SELECT g.game_id, g.rule_set, g.lobby_display, g.game_date, g.n_rounds, g.truncated, p.seat, p.name, p.rank, p.rate,
       p.final_score, p.placement, p.placement_points,
       coalesce(w.wins, 0) AS wins, coalesce(w.win_points, 0) AS win_points, coalesce(d.deal_ins, 0) AS deal_ins,
       coalesce(r.riichi_declared, 0) AS riichi_declared, coalesce(r.riichi, 0) AS riichi,
       coalesce(r.calls, 0) AS calls
FROM players p JOIN games g USING (game_id)
LEFT JOIN w USING (game_id, seat) LEFT JOIN d USING (game_id, seat) LEFT JOIN r USING (game_id, seat);

-- The recorded yaku of riichi wins, one row each (win_items as the store kept them before rule families).
CREATE OR REPLACE VIEW win_yaku AS
SELECT i.game_id, i.round_index, i.win_index, i.item_order AS yaku_order, i.item_id AS yaku_id, i.value AS han,
       coalesce(k.yakuman, false) AS yakuman
FROM win_items i JOIN games g ON g.game_id = i.game_id LEFT JOIN yaku k ON k.yaku_id = i.item_id
WHERE g.family = 'riichi' AND NOT i.derived;

-- Each seat's side of the payments, by outcome and reason (the pot's side left out): what a seat
-- paid is negative, what it received positive; per complete round they add up to its score change.
CREATE OR REPLACE VIEW seat_payments AS
WITH sides AS (
    SELECT game_id, round_index, result_index, event_index, payer AS seat, reason,
           -recorded_amount AS points, -amount AS derived_points
    FROM payments WHERE payer IS NOT NULL
    UNION ALL
    SELECT game_id, round_index, result_index, event_index, payee AS seat, reason,
           recorded_amount AS points, amount AS derived_points
    FROM payments WHERE payee IS NOT NULL)
SELECT game_id, round_index, result_index, event_index, seat, reason,
       sum(points)::INTEGER AS points, sum(derived_points)::INTEGER AS derived_points
FROM sides GROUP BY ALL;

-- One row per win with its recorded yaku (ids, han and English names, in the log's order).
CREATE OR REPLACE VIEW wins_with_yaku AS
WITH y AS (
    SELECT wy.game_id, wy.round_index, wy.win_index,
           list(wy.yaku_id ORDER BY wy.yaku_order) AS yaku_ids,
           list(wy.han ORDER BY wy.yaku_order) AS yaku_han,
           list(k.name_en ORDER BY wy.yaku_order) AS yaku_names
    FROM win_yaku wy LEFT JOIN yaku k USING (yaku_id) GROUP BY ALL)
SELECT g.rule_set, g.lobby_display, g.game_date, w.*, y.yaku_ids, y.yaku_han, y.yaku_names
FROM wins w JOIN games g USING (game_id)
LEFT JOIN y USING (game_id, round_index, win_index);
