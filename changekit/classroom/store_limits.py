"""The class store's limits per class and per student (docs/limits.md says why these numbers): a
class of 70 is far inside every one; one student (or one page) cannot fill the store or the
teacher's screen.

The store's domain modules read them as ``limits.MAX_...`` when a call runs, so a test may make
one small here (``monkeypatch.setattr(store_limits, "MAX_STUDENTS", 3)``) and every module sees it.
"""

#: students who may join one session
MAX_STUDENTS = 200
#: questions of one session (the teacher's, and those a student's first answer opens)
MAX_QUESTIONS = 2000
#: questions one student may answer in a session (each answer replaces their earlier one)
MAX_ANSWERS_PER_STUDENT = 300
#: tables of one session, open and closed
MAX_TABLES = 200
#: tables one student may start in a session, open and closed
MAX_TABLES_STARTED = 20
#: open tables one student may have started at once (the teacher closes tables; so may their starter)
MAX_STARTED_TABLES = 1
#: moves in one table's log (the longest game, Zhao Pengyou with 7 random players, took 1,772)
MAX_MOVES_PER_TABLE = 5000
#: moves one student's page may write in a session (their own and their tables' bots')
MAX_MOVES_PER_STUDENT = 20000
