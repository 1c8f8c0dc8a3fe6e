"""The legal moves of positions by PyPI cshogi (a third-party shogi library, Apery's move
generator): one request a line on stdin, `<SFEN>|<USI move>`, one JSON object a line on stdout:
{"moves": [USI moves, sorted], "check": side to move in check, "after": SFEN after the move}.
Used by model/tests/shogi_cshogi.rs as the oracle for the model's legal moves."""

import json
import sys

import cshogi

board = cshogi.Board()
for line in sys.stdin:
    sfen, move = line.rstrip("\n").split("|")
    board.set_sfen(sfen)
    out = {
        "moves": sorted(cshogi.move_to_usi(m) for m in board.legal_moves),
        "check": bool(board.is_check()),
    }
    board.push_usi(move)
    out["after"] = board.sfen()
    print(json.dumps(out), flush=False)
