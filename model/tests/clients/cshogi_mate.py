"""Mate searches and mating lines checked by PyPI cshogi (a third-party shogi library). One
request a line on stdin, `<SFEN>|<USI moves of a mating line, space separated, or empty>`; one
line on stdout: cshogi's mating first move within 3 plies and within 5 plies
(`Board.mate_move(ply)`; `-` where it finds none), then the line's verdict on cshogi's board:
`ok` (every move legal, every attacker move a check, the defender left without a legal move),
`none` (no line given) or `bad:<why>`. Used by model/tests/shogi_cshogi.rs."""

import sys

import cshogi


def verdict(board, moves):
    if not moves:
        return "none"
    for i, usi in enumerate(moves):
        legal = {cshogi.move_to_usi(m) for m in board.legal_moves}
        if usi not in legal:
            return f"bad:move{i}-{usi}-illegal"
        board.push_usi(usi)
        if i % 2 == 0 and not board.is_check():
            return f"bad:move{i}-{usi}-no-check"
    if not board.is_check() or any(True for _ in board.legal_moves):
        return "bad:not-mate"
    return "ok"


board = cshogi.Board()
for line in sys.stdin:
    sfen, line_moves = line.rstrip("\n").split("|")
    board.set_sfen(sfen)
    out = []
    for ply in (3, 5):
        m = board.mate_move(ply)
        out.append(cshogi.move_to_usi(m) if m else "-")
    board.set_sfen(sfen)
    out.append(verdict(board, line_moves.split()))
    print(" ".join(out), flush=False)
