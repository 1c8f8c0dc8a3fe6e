"""A cshogi (PyPI `cshogi`, `cshogi.usi.Engine`) session with `boardgate shogi usi`: plays
BOARDGATE_USI_MOVES moves from the start (both sides, `go btime 0 wtime 0 byoyomi 300`), each
checked legal by cshogi's own board, then reads `go perft 2` from the position reached and
checks every root move's count against a perft written here on cshogi's move generator;
then asks `go mate` (cshogi's `Engine.go_mate`) on a tsume problem and replays the line on
cshogi's board: every move legal, every attacker move a check, the defender mated at the end.
Prints one JSON object. Usage: usi_session.py BOARDGATE_EXE shogi usi [args...]."""
import json
import os
import stat
import sys
import tempfile

import cshogi
import cshogi.usi


def perft(board, depth):
    if depth == 0:
        return 1
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n


# cshogi starts the engine as one executable without arguments: a wrapper script holds them.
wrapper = os.path.join(tempfile.mkdtemp(), "boardgate-usi")
with open(wrapper, "w") as f:
    f.write("#!/bin/sh\nexec " + " ".join(f"'{a}'" for a in sys.argv[1:]) + "\n")
os.chmod(wrapper, stat.S_IRWXU)

engine = cshogi.usi.Engine(wrapper)
engine.isready()
engine.usinewgame()
board = cshogi.Board()
played = []
for _ in range(int(os.environ.get("BOARDGATE_USI_MOVES", "8"))):
    engine.position(moves=played)
    best, _ = engine.go(btime=0, wtime=0, byoyomi=300)
    move = board.move_from_usi(best)
    assert board.is_legal(move), f"illegal bestmove {best} after {played}"
    board.push(move)
    played.append(best)

sfen = board.sfen()
proc = engine.proc
proc.stdin.write(f"position sfen {sfen}\ngo perft 2\n".encode())
proc.stdin.flush()
counts = {}
while True:
    raw = proc.stdout.readline()
    assert raw, "the engine closed its output"
    line = raw.decode().strip()
    if line.startswith("Nodes searched:"):
        total = int(line.split(":")[1])
        break
    if ": " in line:
        move, n = line.split(": ")
        counts[move] = int(n)
expected = {}
for m in board.legal_moves:
    board.push(m)
    expected[cshogi.move_to_usi(m)] = perft(board, 1)
    board.pop()
assert counts == expected, f"go perft 2 from {sfen}: {counts} != {expected}"
assert total == sum(expected.values())

# A mate in 3 of the tsume data file (every interposition counted).
problem = "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1"
engine.position(sfen=problem)
answer = engine.go_mate(byoyomi=60000)
line = answer.split()
assert line and line[0] not in ("nomate", "timeout", "notimplemented"), f"go mate: {answer}"
mate_board = cshogi.Board(problem)
for i, usi in enumerate(line):
    move = mate_board.move_from_usi(usi)
    assert mate_board.is_legal(move), f"go mate: {usi} illegal in {answer}"
    mate_board.push(move)
    assert i % 2 == 1 or mate_board.is_check(), f"go mate: {usi} is no check in {answer}"
assert mate_board.is_game_over(), f"go mate: {answer} does not end in mate"
engine.quit()
print(json.dumps({"name": engine.name, "played": played, "sfen": sfen, "perft2": total,
                  "mate": line}))
