"""A python-chess (PyPI `chess`) session with `boardgate chess uci`: plays six moves at depth 3
(BOARDGATE_UCI_MOVES, BOARDGATE_UCI_DEPTH), analyses the position at that depth, and reads
`go perft 3` through a small command subclass; the perft counts are checked against
python-chess's own move generator. Prints one JSON object."""
import json
import os
import sys

import chess
import chess.engine


class Perft(chess.engine.BaseCommand):
    """`go perft N` from a FEN, answered as Stockfish answers it."""

    def __init__(self, engine, fen, depth):
        super().__init__(engine)
        self.fen, self.depth, self.moves = fen, depth, {}

    def start(self):
        self._engine.send_line(f"position fen {self.fen}")
        self._engine.send_line(f"go perft {self.depth}")

    def line_received(self, line):
        if line.startswith("Nodes searched:"):
            self.result.set_result((self.moves, int(line.split(":")[1])))
            self.set_finished()
        elif ": " in line:
            move, n = line.split(": ")
            self.moves[move] = int(n)


def perft(board, depth):
    if depth == 0:
        return 1
    total = 0
    for m in list(board.legal_moves):
        board.push(m)
        total += perft(board, depth - 1)
        board.pop()
    return total


engine = chess.engine.SimpleEngine.popen_uci(sys.argv[1:])
board = chess.Board()
played = []
MOVES = int(os.environ.get("BOARDGATE_UCI_MOVES", "6"))
DEPTH = int(os.environ.get("BOARDGATE_UCI_DEPTH", "3"))
for _ in range(MOVES):
    r = engine.play(board, chess.engine.Limit(depth=DEPTH))
    assert r.move in board.legal_moves, r.move
    board.push(r.move)
    played.append(r.move.uci())
info = engine.analyse(board, chess.engine.Limit(depth=DEPTH))
moves, nodes = engine.communicate(lambda e: Perft(e, board.fen(), 3))
want = {}
for m in list(board.legal_moves):
    board.push(m)
    want[m.uci()] = perft(board, 2)
    board.pop()
assert moves == want, (moves, want)
assert nodes == sum(want.values())
name = engine.id.get("name")
engine.quit()
print(json.dumps({
    "name": name,
    "played": played,
    "depth": info.get("depth"),
    "score": str(info.get("score")),
    "nodes": info.get("nodes"),
    "pv": [m.uci() for m in info.get("pv", [])],
    "perft3": nodes,
}))
