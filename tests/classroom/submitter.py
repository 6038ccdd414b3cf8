"""A student kernel for the restart test: submits and moves (a legal move, when the student is
to act: the store referees it) in a loop until it is killed.

``python submitter.py URL CODE TABLE_ID TOKENS_JSON``. Before each call it prints ``try <what>``,
after the call returns ``ok``; so whoever kills it knows every acknowledged write and the one that
may have been in flight.
"""
from __future__ import annotations

import json
import sys

from changekit.classroom import connect

QUESTIONS = 5


def main(url: str, code: str, table_id: int, tokens: list[str]) -> None:
    store = connect(url)
    for value in range(10**9):
        for student, token in enumerate(tokens):
            for question in range(QUESTIONS):
                print(f"try answer {student} q{question} {value}", flush=True)
                store.submit(code, token, f"q{question}", value)
                print("ok", flush=True)
            seen = store.table_view(code, token, table_id)  # the student's page reads the table
            if student not in seen.to_act:
                continue
            print(f"try move {seen.made}", flush=True)
            store.append_move(code, token, table_id, seen.made, {"seat": student, "action": seen.legal[0]})
            print("ok", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), json.loads(sys.argv[4]))
