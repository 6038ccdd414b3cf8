"""Zhao Pengyou (找朋友, "find a friend"): trick-taking with levels, trumps, a called friend and tractors.

Rules in our words (the kit's decisions, docs/rules.md; the choices we made where the
sheet and the decisions are silent are marked *ours*):

* 4 players (4-7), three decks with their six jokers (162 cards). Each player has a level,
  starting at 2; the first player to reach A wins the match (option ``win_at="pass"``: you
  must win a deal while at A). 5s are worth 5 points, 10s and kings 10.
* The deal: cards go out one at a time from the starting seat, keeping a kitty of 6 aside
  (``kitty``; by default the smallest kitty of at least 6 that gives equal hands). Showing
  cards of your own level in one suit *declares* that suit: more copies override fewer, and
  the declarer may reinforce with more copies of the same suit. *Ours:* you may declare when
  a card of your level reaches you, and once more in a "last call" round after the deal
  (it goes round until nobody can or will declare). Nobody declares: shuffle and redeal.
* The last declarer is the *host*: trumps are the declared suit, the trump rank is the host's
  level. The host takes the kitty into hand and buries as many cards (one action each).
* The host calls a friend: "the n-th copy of card X to be played", X not a trump
  (players // 2 - 1 calls: one for 4 or 5 players). Whoever plays that copy joins the host's
  team, secretly until then; if the host plays it, that call finds nobody.
* Tricks: the host leads first, then each trick's winner. A lead is a single, a pair or a
  triple (identical cards), a tractor (two or more pairs on consecutive ranks of one suit;
  the trump rank is skipped; no jokers or trump-rank cards) or a wonky tractor (a triple and
  a pair on adjacent ranks; option ``wonky_tractor``). All trumps are one suit.
* Following (*ours* where the sheet is silent: a cascade, the sheet's rule for wonky
  tractors applied to every shape): play as many cards as the lead. With no more led-suit
  cards than that, play all of them and make up the number with anything. Otherwise play
  only led-suit cards, and: a tractor or wonky tractor of the led kind and length if you
  hold one; else a triple if the lead has one and you hold one, and as many pairs as the
  lead still asks for (its pairs, and its triple when you hold none) and you hold. A pair
  that is part of your triple does not count as held (option ``split_triples_to_follow``).
  Followers play their cards one action at a time (so the choices stay few); the play is
  shown when complete.
* Only plays of the led shape, wholly in the led suit or wholly trump, can win the trick;
  the highest card decides (big joker, small joker, trump rank in trump suit, trump rank in
  other suits — equal, the first played wins —, trump suit A..2, led suit A..2).
* Option ``allow_throws`` (default off, as in the decisions): the leader may *throw* several
  combinations of one suit at once, each claimed unbeatable. *Ours* where the sheet and the
  decisions are silent: trumps may be thrown too (all trumps are one suit); the cards are
  read one way only — triples, then runs of two or more consecutive pairs as tractors, then
  pairs, then singles (no wonky tractors inside a throw). If another player holds a
  combination of one part's shape in that suit that beats it, the throw fails: the leader
  takes the cards back and leads only the lowest part that can be beaten (lowest top card,
  then fewest cards); the log says who could beat it and with what. No point penalty.
  The leader builds a throw card by card, ``("throw", card)``, then ``("throw",)``; if the
  cards make one combination, that is simply led. Followers owe a throw its suit and, as far
  as they hold them, its tractors, then triples, then pairs (a part they cannot match
  stands in as its pairs and triples). A throw is won by its leader unless a follower void
  in the suit plays all trumps that can be arranged into the same parts: then the highest
  strongest part wins (see :func:`~.tricks.trick_winner`).
* Scoring: the attackers (everyone not in the host's team) count the points they captured.
  If they win the last trick, the kitty's points are added, doubled. Attackers' points: 0 →
  host's team up 3 levels; below 55 → up 2; below 110 → up 1; below 165 → attackers up 1;
  below 220 → up 2; otherwise up 3 (option ``thresholds``). Levels stop at A.
* *Ours:* each deal's declarations choose its host; the next deal starts one seat to the
  left of the previous one. By default the match is played to A (about ten deals and over a
  thousand actions); the log keeps every line of the current deal and only the summary lines
  of earlier ones. Option ``deals=n`` stops after n deals instead (``deals=1`` for a short
  game): the highest level wins, ties share (after one deal: the team that went up).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Literal, NamedTuple, Sequence, TypedDict

from changekit.core import ChangekitError, Event, Game, GameRng, GameType, IllegalAction, Options, Player, State
from changekit.core.rng import deal_again, twin_rng
from changekit.core.words import verb, winners_text
from changekit.core.checks import checked, is_items, is_whole, shown
from changekit.core.errors import InvalidArgument
from changekit.core.cards import RANKS, SUITS, SUIT_SYMBOLS
from changekit.core.options import Between, choices
from changekit.core.state import event_from

from .moves import MOVES, Bury, Declare, Pass, Play, Throw
from .moves import Call as CallFriend  # rules.Call is a friend call made (a NamedTuple)
from .tricks import (
    ALL_CODES, CARD_POINTS, CARDS_PER_DECK, DECK_ORDER, RANK_OF, TRUMP, Context, Need, _shape_of, canonical, context,
    follow_message, follow_need, lead_parts, lead_plays, lead_problem, next_cards, one_suit_message, play_problem,
    show, shortfall, single_follows, suit_name, tally, throw_failure, trump_sort_key, winning_index,
)

SHEET_THRESHOLDS: tuple[int, int, int, int] = (55, 110, 165, 220)
ACE = len(RANKS) - 1  # level index of A
WinAt = Literal["reach", "pass"]
WIN_AT: tuple[str, ...] = choices(WinAt)
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}
SUIT_WORDS = {"S": "♠ spades", "H": "♥ hearts", "D": "♦ diamonds", "C": "♣ clubs"}
#: the log lines an earlier deal keeps once the next deal starts
SUMMARY_EVENTS = frozenset({"deal_start", "host", "call", "friend", "deal_end"})


class Declaration(NamedTuple):
    """The standing declaration: who showed how many cards of their level in which suit."""

    player: Player
    suit: str
    copies: int


class Call(NamedTuple):
    """A friend call: the ``ordinal``-th copy of ``card`` to be played; how many copies have
    been played so far, and who played the called one (``None`` until then)."""

    ordinal: int
    card: str
    seen: int = 0
    found_by: Player | None = None


# ---- actions: made by these constructors (their types: moves.py; saves hold their plain values)
#: not declaring now (during the deal or the last call)
PASS = Pass()
#: a throw's cards are all down: lead them
THROW_DONE = Throw()
declare, bury, call_friend, play = Declare, Bury, CallFriend, Play


def throw(card: str) -> Throw:
    """Put ``card`` down as part of a throw (then :data:`THROW_DONE`)."""
    return Throw(card)


def describe(action: Any) -> str:
    """An action in words (buttons, the log, a bot's reason).

    >>> for action in (PASS, declare("S", 2), bury("10D"), call_friend(2, "AH"), play("5D", "5D"), throw("KC"),
    ...                THROW_DONE):
    ...     print(describe(action))
    Pass (do not declare)
    Declare ♠ spades (show 2)
    Bury 10♦
    Call the 2nd A♥
    Play 5♦ 5♦
    Throw K♣ (more may follow)
    Finish the throw
    """
    if action == PASS:
        return "Pass (do not declare)"
    kind = action[0]
    if kind == "declare":
        return f"Declare {SUIT_WORDS[action[1]]} (show {action[2]})"
    if kind == "bury":
        return f"Bury {show([action[1]])}"
    if kind == "call":
        return f"Call the {ORDINALS[action[1]]} {show([action[2]])}"
    if kind == "play":
        return f"Play {show(action[1:])}"
    if action == THROW_DONE:
        return "Finish the throw"
    return f"Throw {show(action[1:])} (more may follow)"


class DeclarationView(TypedDict):
    player: Player
    suit: str
    count: int


class CallView(TypedDict):
    ordinal: int
    card: str
    seen: int        # copies of the card played so far
    found_by: Player | None  # who played the called copy (the host: no friend), None until then


class ZhaoPengyouView(TypedDict):
    """What a player sees (the base adds ``to_act`` and ``log``). Nothing of the options is
    hidden: ``decks`` and ``kitty_size`` are the table's. Cards are codes ("10D", "SJ")."""

    you: Player | None           # the viewer (None: a spectator)
    phase: str                   # "deal", "last_call", "bury", "call", "play", "between", "over"
    round: int                   # the deal being played, from 1
    rounds: int | None           # the deals the match lasts (None: until someone reaches A)
    turn: Player | None          # the one seat to act (None: nobody)
    starter: Player              # the seat the deal's first card went to
    levels: list[str]            # each seat's level, "2" .. "A"
    scores: list[int]            # the same as numbers (state.scores(): 2..10, J 11, Q 12, K 13, A 14)
    hand: list[str] | None       # the viewer's cards in trump order (None: a spectator)
    selection: list[str]         # the viewer's cards already put down this turn (a follow or throw under way)
    hand_sizes: list[int]        # cards per seat (those put down this turn counted in)
    deck_size: int               # cards still to deal
    declaration: DeclarationView | None  # the standing declaration
    host: Player | None
    trump_suit: str | None
    trump_rank: str | None
    kitty_size: int
    decks: int
    kitty: list[str] | None      # the kitty, for the host once taken (None: not known to the viewer)
    to_bury: int                 # cards the host must still bury
    calls: list[CallView]        # the friend calls
    friends: list[Player]        # friends revealed so far
    leader: Player | None        # who led the trick on the table
    lead: list[str] | None       # the cards led (None: no trick under way)
    trick: list[list[Any]]       # [seat, cards] per play so far, in order
    last_trick: list[list[Any]]  # the last complete trick, the same way
    points_won: list[int]        # card points each seat has taken in tricks this deal (not the score)
    tricks_won: list[int]        # tricks each seat has taken this deal
    results: list[dict[str, Any]]  # one summary per finished deal (as the "deal_end" log line)
    winners: list[Player]        # the match's winners ([] until the end)


def auto_kitty(players: int, decks: int) -> int:
    """The smallest kitty of at least 6 cards that leaves equal hands.

    >>> auto_kitty(4, 3), auto_kitty(5, 3), auto_kitty(7, 3), auto_kitty(4, 2)
    (6, 7, 8, 8)
    """
    total = decks * CARDS_PER_DECK
    k = 6
    while (total - k) % players:
        k += 1
    return k


#: The stepped table's step, in points per deck (see :func:`level_change`).
STEP_PER_DECK = 20
#: Card points asked about (1,000 decks hold 100,000).
MAX_POINTS = 100_000


def _thresholds(value: Any, name: str) -> tuple[int, ...] | str:
    if isinstance(value, str) and value == "stepped":
        return value
    items = is_items(4, "thresholds", each=is_whole(1, MAX_POINTS))(value, name)
    if len(items) != 4 or list(items) != sorted(items):
        raise InvalidArgument(
            f"{name} is \"stepped\" or four rising scores like {SHEET_THRESHOLDS}, not {shown(value)}")
    return items


@checked(points=is_whole(-MAX_POINTS, MAX_POINTS), thresholds=_thresholds, decks=is_whole(1, 1000))
def level_change(points: int, thresholds: Sequence[int] | str = SHEET_THRESHOLDS, *, decks: int = 3) -> tuple[str, int]:
    """Who goes up after a deal, and by how many levels, from the attackers' points.

    ``thresholds`` is the sheet's four scores (55/110/165/220 by default) or ``"stepped"``: the
    table of a widely played open-source online Sheng Ji server, scaled by ``decks`` with a step
    s = 20 points per deck: 0 → host's team up 3; 5 to s−5 → up 2; s to 2s−5 → up 1; 2s to 3s−5 →
    the attackers win the deal but go up no level (``("attackers", 0)``); each further s → one
    level more for the attackers.

    >>> [level_change(p) for p in (0, 5, 50, 55, 105, 110, 160, 165, 215, 220)]  # doctest: +NORMALIZE_WHITESPACE
    [('host', 3), ('host', 2), ('host', 2), ('host', 1), ('host', 1), ('attackers', 1),
     ('attackers', 1), ('attackers', 2), ('attackers', 2), ('attackers', 3)]
    >>> [level_change(p, "stepped", decks=2)
    ...  for p in (0, 35, 40, 75, 80, 115, 120, 160)]  # doctest: +NORMALIZE_WHITESPACE
    [('host', 3), ('host', 2), ('host', 1), ('host', 1), ('attackers', 0), ('attackers', 0),
     ('attackers', 1), ('attackers', 2)]
    """
    return _level_change(points, thresholds, decks)


def _level_change(points: int, thresholds: Sequence[int] | str, decks: int) -> tuple[str, int]:
    """:func:`level_change` without the argument checks, for the engine's own (valid) scores."""
    if isinstance(thresholds, str):  # "stepped", the only word the check lets through
        step = STEP_PER_DECK * decks
        if points <= 0:
            return "host", 3
        if points < 2 * step:
            return "host", 2 if points < step else 1
        return "attackers", (points - 2 * step) // step
    t1, t2, t3, t4 = thresholds
    if points <= 0:
        return "host", 3
    if points < t1:
        return "host", 2
    if points < t2:
        return "host", 1
    if points < t3:
        return "attackers", 1
    if points < t4:
        return "attackers", 2
    return "attackers", 3


def hand_size(players: int, decks: int, kitty: int | None = None) -> int:
    """The cards each player is dealt (``kitty`` None: the automatic kitty, :func:`auto_kitty`).

    >>> hand_size(4, 3), hand_size(5, 3), hand_size(4, 2, kitty=12)
    (39, 31, 24)
    """
    kept = auto_kitty(players, decks) if kitty is None else kitty
    return (decks * CARDS_PER_DECK - kept) // players


def friend_calls(players: int) -> int:
    """How many friends the host calls: half the players rounded down, minus one."""
    return players // 2 - 1


#: Play(card) for every card: the followers' actions, made once as named moves (State.legal_actions
#: then has nothing to convert: naming thousands of actions a second was most of a playout's time)
_ONE_CARD: dict[str, Play] = {c: Play(c) for c in ALL_CODES}
_THROW_ONE: dict[str, Throw] = {c: Throw(c) for c in ALL_CODES}
_BURY: dict[str, Bury] = {c: Bury(c) for c in ALL_CODES}
#: a lead's cards -> its named move: singles, pairs, triples and the tractors met so far
#: (bounded: a few thousand tractors and wonky tractors exist over all trump ranks)
_LEADS: dict[tuple[str, ...], Play] = {}


def _lead_move(cards: tuple[str, ...]) -> Play:
    """A lead of ``cards`` as its named move, made once."""
    move = _LEADS.get(cards)
    if move is None:
        move = _LEADS[cards] = Play(*cards)
    return move


@lru_cache(maxsize=4096)
def _call_move(ordinal: int, card: str) -> CallFriend:
    return CallFriend(ordinal, card)


@lru_cache(maxsize=64)
def _declare_move(suit: str, copies: int) -> Declare:
    return Declare(suit, copies)


def actions_for_seen_play(view: Any, options: Any, cards: Sequence[str]) -> list[tuple[str, ...]]:
    """:meth:`ZhaoPengyouState.actions_for_play` for the player whose ``view`` this is, from the
    view alone (a networked table's page holds nothing else): the same checks, the same actions."""
    if view["phase"] != "play":
        raise IllegalAction("phase", f"cards are played in the tricks phase; now it is {view['phase']!r}")
    if view["you"] not in view["to_act"]:
        raise IllegalAction("turn", f"it is not player {view['you']!r}'s turn (acting: {tuple(view['to_act'])})")
    return _whole_play(cards, hand=view["hand"], lead=tuple(view["lead"]) if view["lead"] else None,
                       following=bool(view["trick"]), selection=list(view["selection"]),
                       ctx=context(view["trump_suit"], view["trump_rank"] or "2"), options=options)


def _whole_play(cards: Sequence[str], *, hand: Any, lead: Any, following: bool, selection: Any, ctx: Any,
                options: Any) -> list[tuple[str, ...]]:
    """The actions of one whole play of ``cards`` by a player holding ``hand`` (checked first)."""
    cards = tuple(c.upper() if isinstance(c, str) else c for c in cards)
    _check_codes(cards)
    if not cards:
        raise IllegalAction("empty", "choose at least one card")
    problem = play_problem(hand, cards, ctx, lead=lead, down=selection, wonky=options.wonky_tractor,
                           split_triples=options.split_triples_to_follow, throws=options.allow_throws)
    if problem:
        raise IllegalAction(*problem)
    cards = canonical(c.upper() for c in cards)
    if following:
        return [play(c) for c in cards]
    if not selection and _shape_of(cards, ctx, wonky=options.wonky_tractor) is not None:
        return [play(*cards)]
    return [*(throw(c) for c in cards), THROW_DONE]


def _check_codes(cards: Sequence[Any]) -> None:
    for c in cards:
        if not isinstance(c, str) or c not in DECK_ORDER:
            raise IllegalAction("card", f"cannot read a card from {c!r}; write it like '3C', '10D', 'SJ' or 'BJ'")


@dataclass(frozen=True, slots=True, kw_only=True)
class ZhaoPengyouOptions(Options):
    """``players`` 4-7; ``decks`` 2 or 3; ``kitty`` (None: smallest ≥ 6 giving equal hands);
    ``wonky_tractor`` (triple + pair leads); ``split_triples_to_follow`` (a pair inside a triple
    obliges you); ``allow_throws`` (several combinations of one suit led at once); ``thresholds``
    (the four attackers' scores at which the outcome changes: host +1 below the 2nd, attackers
    +1 from it...; the sheet's 55/110/165/220 by default; or ``"stepped"``, see :func:`level_change`);
    ``win_at`` ("reach" A or "pass" it);
    ``deals`` (None, the default: the whole match; or stop after that many deals)."""

    players: int = 4
    decks: Literal[2, 3] = 3  # pairs need two decks, triples three
    kitty: int | None = None
    wonky_tractor: bool = True
    split_triples_to_follow: bool = False
    allow_throws: bool = False
    thresholds: tuple[int, int, int, int] | Literal["stepped"] = SHEET_THRESHOLDS
    win_at: WinAt = "reach"
    deals: Annotated[int, Between(1, 10_000)] | None = None  # None: the whole match

    def check(self) -> None:
        t = self.thresholds
        if t != "stepped" and (not isinstance(t, tuple) or len(t) != 4 or any(type(x) is not int for x in t)
                               or not 0 < t[0] < t[1] < t[2] < t[3]):
            raise ChangekitError(f"thresholds are four increasing positive whole numbers or 'stepped', not {shown(t)}")
        if self.kitty is not None and self.players > 0:
            total = self.decks * CARDS_PER_DECK
            if not 0 <= self.kitty < total or (total - self.kitty) % self.players:
                raise ChangekitError(
                    f"kitty must leave equal hands: {total} cards minus {self.kitty!r} is not a multiple of "
                    f"{self.players} players")

    def max_steps(self) -> int:
        n, decks = self.players, self.decks
        dealt = decks * CARDS_PER_DECK - self.kitty_size
        per_deal = 2 * dealt + (decks + 2) * n + self.kitty_size + 3
        if self.allow_throws:  # each lead may put down its whole hand card by card and fail
            hand = dealt // n
            per_deal += hand * (hand + 1)
        # every deal but the last raises someone's level, so a match has at most n*12 + 1 deals
        deals = self.deals if self.deals is not None else n * (len(RANKS) - 1) + 1
        return per_deal * deals * 3  # ×3: room for redeals (nobody declaring is rare)

    @property
    def kitty_size(self) -> int:
        return auto_kitty(self.players, self.decks) if self.kitty is None else self.kitty


class ZhaoPengyouState(State):
    options: ZhaoPengyouOptions
    _ctx_memo: Context | None
    _need_memo: tuple[Player, list[str], list[str], int, Need] | None
    _legal_memo: tuple[int, list[str], int, list[Any]] | None

    # ---- setting up --------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.players
        self.levels = [0] * n          # index into RANKS: 0 is "2", 12 is "A"
        self.deal_no = 0
        self.starter = 0
        self.results: list[dict[str, Any]] = []
        self.match_winners: list[int] = []
        self.redeals = 0
        self._new_deal()

    def _new_deal(self) -> None:
        n = self.players
        deck = [c for c in ALL_CODES for _ in range(self.options.decks)]
        self.rng.shuffle(deck)
        self.deck = deck
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.kitty: list[str] = []
        self.played: list[str] = []
        self.shown: list[list[str]] = [[] for _ in range(n)]
        self.declaration: Declaration | None = None
        self.deal_to = self.starter
        self.deciding: int | None = None
        self.lap_seat = self.starter
        self.lap_quiet = 0
        self.phase = "deal"
        self.host: int | None = None
        self.trump_suit: str | None = None
        self.trump_rank: str | None = None
        self.to_bury = 0
        self.calls: list[Call] = []
        self.friends: list[int] = []
        self.leader: int | None = None
        self.turn: int | None = None
        self.trick: list[list[Any]] = []  # [player, [codes]] in play order
        self.last_trick: list[list[Any]] = []
        self.selection: list[str] = []
        self.captured = [0] * n
        self.tricks_won = [0] * n
        self.last_winner: int | None = None
        self._clear_caches()
        self.log.append(Event("deal_start", {
            "deal": self.deal_no + 1, "starter": self.starter, "levels": [RANKS[x] for x in self.levels]}))
        self._deal_on()

    def _deal_on(self) -> None:
        """Deal until someone receives a card of their level and may declare, or the deal ends."""
        keep = self.options.kitty_size
        n = self.players
        deck, hands = self.deck, self.hands
        level_ranks = [RANKS[x] for x in self.levels]
        p = self.deal_to
        while len(deck) > keep:
            card = deck.pop()
            hands[p].append(card)
            if RANK_OF[card] == level_ranks[p] and self._declarations(p):
                self.deal_to = (p + 1) % n
                self.phase, self.deciding = "deal", p
                return
            p = (p + 1) % n
        self.deal_to = p
        if self.phase == "deal":
            self.kitty, self.deck = deck, []
            for p in range(n):
                self.log.append(Event("hand", {"player": p, "cards": canonical(hands[p])}, (p,)))
            self.phase, self.lap_seat, self.lap_quiet = "last_call", self.starter, 0
        self._last_call_on()

    def _last_call_on(self) -> None:
        n = self.players
        while self.lap_quiet < n:
            p = self.lap_seat
            if self._declarations(p):
                self.deciding = p
                return
            self.lap_quiet += 1
            self.lap_seat = (p + 1) % n
        self.deciding = None
        self._finish_declaring()

    def _declarations(self, player: Player) -> list[tuple[str, str, int]]:
        level = RANKS[self.levels[player]]
        current = self.declaration
        hand = self.hands[player]
        out: list[Any] = []
        for suit in SUITS:
            held = hand.count(level + suit)
            for k in range(1, held + 1):
                if current is None:
                    ok = True
                elif current.player == player:
                    ok = suit == current.suit and k > current.copies
                else:
                    ok = k > current.copies
                if ok:
                    out.append(_declare_move(suit, k))
        return out

    def _finish_declaring(self) -> None:
        if self.declaration is None:
            self.redeals += 1
            self.log.append(Event("redeal", {"deal": self.deal_no + 1}))
            self._new_deal()
            return
        host, suit, _count = self.declaration
        self.host = host
        self.trump_suit, self.trump_rank = suit, RANKS[self.levels[host]]
        self.log.append(Event("host", {"host": host, "trump_suit": suit, "trump_rank": self.trump_rank}))
        self.log.append(Event("kitty", {"player": host, "cards": canonical(self.kitty)}, (host,)))
        self.hands[host] += self.kitty
        self.kitty = []
        self.to_bury = self.options.kitty_size
        self.phase = "bury"
        if not self.to_bury:
            self._after_bury()

    def _after_bury(self) -> None:
        self.log.append(Event("buried", {"player": self.host, "count": len(self.kitty)}))
        if friend_calls(self.players) > 0:
            self.phase = "call"
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.leader = self.turn = self.host

    @property
    def ctx(self) -> Context:
        """The trump lookups of this deal (before trumps are known: no trump suit, rank 2)."""
        memo = self._ctx_memo
        suit, rank = self.trump_suit, self.trump_rank
        if memo is None or memo.trump_suit is not suit or memo.trump_rank is not (rank or "2"):
            memo = self._ctx_memo = context(suit, rank or "2")
        return memo

    # ---- caches (derived values kept for speed; ``_`` names: not part of the position) ----
    def _clear_caches(self) -> None:
        self._ctx_memo = None
        #: (player, lead, hand, cards in hand and half-chosen, Need): a follower's obligations,
        #: the same for each card they put down
        self._need_memo = None
        #: (actions so far, hand, its size, actions): the legal actions just listed for the player
        #: to act, so that applying one of them skips the checks that listed it (every action
        #: lengthens the history; the hand's identity and size catch a position set by hand)
        self._legal_memo = None

    def _listed(self, hand: list[str]) -> list[Any] | None:
        """The legal actions listed for this very position (the player to act holds ``hand``), if
        they were: see ``_legal_memo``."""
        memo = self._legal_memo
        if memo is not None and memo[0] == len(self.history) and memo[1] is hand and memo[2] == len(hand):
            return memo[3]
        return None

    # ---- the protocol ------------------------------------------------------------------
    def current_players(self) -> tuple[Player, ...]:
        phase = self.phase
        if phase == "play":
            return (self.turn,)  # type: ignore[return-value]
        if phase in ("deal", "last_call"):
            return (self.deciding,)  # type: ignore[return-value]
        if phase in ("bury", "call"):
            return (self.host,)  # type: ignore[return-value]
        return ()

    def _legal_actions(self, player: Player) -> list[Any]:
        p = player
        phase = self.phase
        if phase == "play":
            hand = self.hands[p]
            listed = self._listed(hand)
            if listed is not None:
                return list(listed)
            actions: list[Any]
            if self.trick:
                lead = self.trick[0][1]
                if len(lead) == 1:
                    cards = single_follows(hand, lead[0], self.ctx)
                else:
                    cards = next_cards(self._need(p), tally(self.selection), hand)
                cards.sort(key=DECK_ORDER.__getitem__)
                actions = [_ONE_CARD[c] for c in cards]
            elif self.selection:  # a throw under way: more cards of its suit, or done
                suit = self.ctx.eff[self.selection[0]]
                more = sorted({c for c in hand if self.ctx.eff[c] == suit}, key=DECK_ORDER.__getitem__)
                actions = [_THROW_ONE[c] for c in more] + [THROW_DONE]
            else:
                actions = lead_plays(hand, self.ctx, wonky=self.options.wonky_tractor, write=_lead_move)
                if self.options.allow_throws:
                    actions += [_THROW_ONE[c] for c in sorted(set(hand), key=DECK_ORDER.__getitem__)]
            self._legal_memo = (len(self.history), hand, len(hand), actions)
            return list(actions)
        if phase in ("deal", "last_call"):
            return [PASS, *self._declarations(p)]
        if phase == "bury":
            return [_BURY[c] for c in sorted(set(self.hands[p]), key=DECK_ORDER.__getitem__)]
        if phase == "call":
            ctx = self.ctx
            taken = {(o, c) for o, c, _, _ in self.calls}
            return [_call_move(k, c) for c in ALL_CODES if ctx.eff[c] != TRUMP
                    for k in range(1, self.options.decks + 1) if (k, c) not in taken]
        return []

    def _need(self, player: Player) -> Need:
        """What ``player`` owes the lead; cards they put down move from hand to selection, so it
        holds for their whole turn."""
        hand, lead = self.hands[player], self.trick[0][1]
        size = len(hand) + len(self.selection)
        memo = self._need_memo
        if memo is not None and memo[0] == player and memo[1] is lead and memo[2] is hand and memo[3] == size:
            return memo[4]
        need = follow_need(hand + self.selection, lead, self.ctx,
                           wonky=self.options.wonky_tractor, split_triples=self.options.split_triples_to_follow)
        self._need_memo = (player, lead, hand, size, need)
        return need

    def _apply(self, player: Player, action: Any) -> None:
        phase = self.phase
        if phase == "play":
            self._apply_play(player, action)
        elif phase in ("deal", "last_call"):
            self._apply_declare(player, action)
        elif phase == "bury":
            self._apply_bury(player, action)
        elif phase == "call":
            self._apply_call(player, action)
        else:  # pragma: no cover - State.apply refuses moves after the end
            raise IllegalAction("game-over", "the match is over")

    # ---- declaring ---------------------------------------------------------------------
    def _apply_declare(self, player: Player, action: Any) -> None:
        if action != PASS:
            if not (isinstance(action, tuple) and len(action) == 3 and action[0] == "declare"):
                raise IllegalAction("declare-form",
                                    f"during the deal you may 'pass' or ('declare', suit, copies), not {action!r}")
            _, suit, k = action
            if suit not in SUITS or k < 1:
                raise IllegalAction("declare-form",
                                    f"a declaration names a suit in {SUITS} and a number of copies ≥ 1: {action!r}")
            level = RANKS[self.levels[player]]
            held = self.hands[player].count(level + suit)
            if held < k:
                raise IllegalAction("declare-own-level",
                                    f"you can only show cards of your level ({level}) that you hold: "
                                    f"you hold {held} of {level}{SUIT_SYMBOLS[suit]}, not {k} ({action!r})")
            current = self.declaration
            if current is not None and k <= current.copies:
                raise IllegalAction("declare-more",
                                    f"to override you must show more than {current.copies} cards, not {k} ({action!r})")
            if current is not None and current.player == player and suit != current.suit:
                raise IllegalAction("declare-reinforce",
                                    f"you may only reinforce your own declaration in {SUIT_SYMBOLS[current.suit]}, "
                                    f"not switch to {SUIT_SYMBOLS[suit]} ({action!r})")
            self.declaration = Declaration(player, suit, k)
            code = level + suit
            self._show(player, [code] * k)
            self.log.append(Event("declare", {"player": player, "suit": suit, "count": k, "card": code}))
            if self.phase == "last_call":
                self.lap_quiet, self.lap_seat = 0, (player + 1) % self.players
        elif self.phase == "last_call":
            self.lap_quiet += 1
            self.lap_seat = (player + 1) % self.players
        self.deciding = None
        if self.phase == "deal":
            self._deal_on()
        else:
            self._last_call_on()

    def _show(self, player: Player, cards: Sequence[str]) -> None:
        """Everyone has seen ``player`` hold ``cards``: they stay with that player in :meth:`determinize`."""
        self.shown[player] += list((Counter(cards) - Counter(self.shown[player])).elements())

    # ---- kitty and friend call ---------------------------------------------------------
    def _apply_bury(self, player: Player, action: Any) -> None:
        if not (isinstance(action, tuple) and len(action) == 2 and action[0] == "bury"):
            raise IllegalAction("bury-form", f"the host now buries one card at a time: ('bury', card), not {action!r}")
        code = action[1]
        if not isinstance(code, str) or code not in self.hands[player]:
            raise IllegalAction("bury-own-card", f"you can only bury a card in your hand, not {code!r}")
        self.hands[player].remove(code)
        self.kitty.append(code)
        self.to_bury -= 1
        self.log.append(Event("bury", {"player": player, "card": code}, (player,)))
        if self.to_bury == 0:
            self._after_bury()

    def _apply_call(self, player: Player, action: Any) -> None:
        if not (isinstance(action, tuple) and len(action) == 3 and action[0] == "call"):
            raise IllegalAction("call-form", f"the host calls a friend as ('call', n, card), not {action!r}")
        _, k, code = action
        if not 1 <= k <= self.options.decks:
            raise IllegalAction("call-copy", f"the called copy is 1 to {self.options.decks}, not {k!r}")
        if not isinstance(code, str) or code not in DECK_ORDER:
            raise IllegalAction("call-card", f"cannot read a card from {code!r}; write it like '3C', '10D'")
        if self.ctx.eff[code] == TRUMP:
            raise IllegalAction("call-not-trump", f"the friend card may not be a trump: {show([code])!r} is one")
        if any(o == k and c == code for o, c, _, _ in self.calls):
            raise IllegalAction("call-twice", f"you already called the {ORDINALS[k]} {show([code])}")
        self.calls.append(Call(k, code))
        self.log.append(Event("call", {"player": player, "ordinal": k, "card": code}))
        if len(self.calls) == friend_calls(self.players):
            self._start_play()

    # ---- playing -----------------------------------------------------------------------
    def _apply_play(self, player: Player, action: Any) -> None:
        hand = self.hands[player]
        listed = self._listed(hand)
        if listed is not None and action in listed and action[0] == "play":  # listed as legal here: checked
            if self.trick:
                code = action[1]
                hand.remove(code)
                selection = self.selection
                selection.append(code)
                if len(selection) == len(self.trick[0][1]):
                    self.selection = []
                    self._complete(player, selection if len(selection) == 1 else list(canonical(selection)))
            else:
                led = list(action[1:])
                for c in led:
                    hand.remove(c)
                self._complete(player, led)
            return
        if isinstance(action, tuple) and action and action[0] == "throw":
            self._apply_throw(player, action)
            return
        if not (isinstance(action, tuple) and len(action) >= 2 and action[0] == "play"):
            raise IllegalAction("play-form", f"a play is ('play', card, ...), not {action!r}")
        cards = action[1:]
        _check_codes(cards)
        if not self.trick:
            if self.selection:
                raise IllegalAction("throw-under-way", f"finish your throw first: ('throw', card) for more "
                                    f"{suit_name(self.ctx.eff[self.selection[0]])} or ('throw',), not {action!r}")
            problem = lead_problem(hand, cards, self.ctx, wonky=self.options.wonky_tractor,
                                   throws=self.options.allow_throws)
            if problem:
                raise IllegalAction(*problem)
            if cards != canonical(cards):
                raise IllegalAction("card-order", f"write a lead in deck order: {canonical(cards)!r}, not {cards!r}")
            for c in cards:
                hand.remove(c)
            self._complete(player, list(cards))
            return
        if len(cards) != 1:
            raise IllegalAction("one-card", f"a follower plays one card per action ('play', card), not {action!r}")
        code = cards[0]
        if code not in hand:
            raise IllegalAction("own-card", f"you can only play a card you hold: {show([code])!r} is not in your hand")
        need = self._need(player)
        chosen = Counter(self.selection)
        chosen[code] += 1
        rule = shortfall(need, chosen)
        if rule is not None:
            raise IllegalAction(rule, follow_message(rule, need, self.ctx, self.selection + [code]))
        hand.remove(code)
        self.selection.append(code)
        if len(self.selection) == need.size:
            done, self.selection = canonical(self.selection), []
            self._complete(player, list(done))

    # ---- throws ------------------------------------------------------------------------
    def _apply_throw(self, player: Player, action: tuple) -> None:
        if not self.options.allow_throws:
            raise IllegalAction("throws-off", f"throws are off in this game (option allow_throws): lead one "
                                f"combination with ('play', card, ...), not {action!r}")
        if self.trick:
            raise IllegalAction("throw-lead", f"only the leader throws; follow with ('play', card), not {action!r}")
        if len(action) > 2:
            raise IllegalAction("throw-form", f"a throw goes down one card at a time: ('throw', card), then "
                                f"('throw',) when done; not {action!r}")
        if len(action) == 1:
            if not self.selection:
                raise IllegalAction("throw-empty", "a throw needs cards: ('throw', card) for each, then ('throw',)")
            self._finish_throw(player)
            return
        code = action[1]
        _check_codes([code])
        if code not in self.hands[player]:
            raise IllegalAction("own-card", f"you can only play a card you hold: {show([code])!r} is not in your hand")
        if self.selection and self.ctx.eff[code] != self.ctx.eff[self.selection[0]]:
            raise IllegalAction("throw-one-suit", one_suit_message(self.selection + [code], self.ctx))
        self.hands[player].remove(code)
        self.selection.append(code)

    def _finish_throw(self, player: Player) -> None:
        """Lead the cards put down: one combination is simply led; a throw is checked against
        the other hands and, if some part can be beaten, shrinks to the lowest such part."""
        cards, self.selection = canonical(self.selection), []
        parts = lead_parts(cards, self.ctx, wonky=self.options.wonky_tractor) or []  # one suit: always read
        if len(parts) == 1:
            self._complete(player, list(cards))
            return
        n = self.players
        others = [(q, self.hands[q]) for q in ((player + i) % n for i in range(1, n))]
        failure = throw_failure(parts, others, self.ctx)
        if failure is None:
            self._complete(player, list(cards), parts=[list(p) for p in parts])
            return
        part, seat, beater = failure
        self.log.append(Event("throw_failed", {"player": player, "parts": [list(p) for p in parts],
                                               "part": list(part), "by": seat, "beater": list(beater)}))
        back = Counter(cards) - Counter(part)
        self.hands[player] += list(back.elements())
        self._show(player, list(back.elements()))
        self._show(seat, beater)
        self._complete(player, list(part))

    def check_play(self, cards: Sequence[str], player: Player | None = None) -> None:
        """Raise :class:`IllegalAction` (naming the rule) unless ``cards`` is a legal whole play now
        (for a follower who has put some cards down already: those and ``cards`` together)."""
        if self.phase != "play":
            raise IllegalAction("phase", f"cards are played in the tricks phase; now it is {self.phase!r}")
        player = self._player_for(player)
        _whole_play(cards, hand=self.hands[player], lead=self.trick[0][1] if self.trick else None,
                    following=bool(self.trick), selection=self.selection, ctx=self.ctx, options=self.options)

    def actions_for_play(self, cards: Sequence[str], player: Player | None = None) -> list[tuple[str, ...]]:
        """The engine's actions that put ``cards`` down as one whole play (a lead, a throw, or all
        the cards of a follow), in order; checked first (:meth:`check_play`). Changes nothing:
        an app makes them as one move, a table records each."""
        if self.phase != "play":
            raise IllegalAction("phase", f"cards are played in the tricks phase; now it is {self.phase!r}")
        player = self._player_for(player)
        return _whole_play(cards, hand=self.hands[player], lead=self.trick[0][1] if self.trick else None,
                           following=bool(self.trick), selection=self.selection, ctx=self.ctx, options=self.options)

    def play_cards(self, cards: Sequence[str], player: Player | None = None) -> None:
        """Play a whole play (a lead, a throw, or all the cards of a follow), checked first."""
        actions = self.actions_for_play(cards, player)
        who = self._player_for(player)
        for action in actions:
            self.apply(action, who)

    def _complete(self, player: Player, cards: list[str], parts: list[list[str]] | None = None) -> None:
        """Put a whole play on the table (``parts``: the parts of a successful throw)."""
        self.trick.append([player, cards])
        shown = self.shown[player]
        if shown:
            for c in cards:
                if c in shown:
                    shown.remove(c)
        data: dict[str, Any] = {"player": player, "cards": cards}
        if parts:
            data["parts"] = parts
        self.log.append(event_from(("play", data, None)))
        for i, call in enumerate(self.calls):
            if call.found_by is not None or call.card not in cards:
                continue
            seen = call.seen + cards.count(call.card)
            found = None
            if call.seen < call.ordinal <= seen:
                found = player
                if player != self.host and player not in self.friends:
                    self.friends.append(player)
                self.log.append(Event("friend", {"player": player, "ordinal": call.ordinal, "card": call.card,
                                                 "host": self.host}))
            self.calls[i] = call._replace(seen=seen, found_by=found)
        players = self.options.players
        if len(self.trick) < players:
            self.turn = (player + 1) % players
            return
        plays = [c for _, c in self.trick]
        i = winning_index(plays, self.ctx, wonky=self.options.wonky_tractor)
        winner = self.trick[i][0]
        cards_won = [c for play in plays for c in play]
        points = sum(map(CARD_POINTS.__getitem__, cards_won))
        self.captured[winner] += points
        self.tricks_won[winner] += 1
        self.played += cards_won
        self.last_trick, self.trick = self.trick, []
        self.last_winner = winner
        self.log.append(event_from(("trick", {"winner": winner, "points": points}, None)))
        if self.hands[winner]:
            self.leader = self.turn = winner
        else:
            self._end_deal()

    def host_team(self) -> list[int]:
        return sorted({self.host, *self.friends}) if self.host is not None else []

    def _end_deal(self) -> None:
        n = self.players
        team = self.host_team()
        attackers = [p for p in range(n) if p not in team]
        won = sum(self.captured[p] for p in attackers)
        kitty_points = sum(CARD_POINTS[c] for c in self.kitty)
        bonus = 2 * kitty_points if self.last_winner in attackers else 0
        total = won + bonus
        side, steps = _level_change(total, self.options.thresholds, self.options.decks)
        risers = team if side == "host" else attackers
        before = list(self.levels)
        for p in risers:
            self.levels[p] = min(ACE, self.levels[p] + steps)
        result = {
            "deal": self.deal_no + 1, "host": self.host, "host_team": team, "attackers": attackers,
            "trump_suit": self.trump_suit, "trump_rank": self.trump_rank,
            "captured": won, "kitty": canonical(self.kitty), "kitty_points": kitty_points, "kitty_bonus": bonus,
            "attackers_points": total, "side": side, "steps": steps, "risers": risers,
            "levels": [RANKS[x] for x in self.levels],
        }
        self.results.append(result)
        self.log.append(Event("deal_end", result))
        self.phase, self.turn, self.leader = "between", None, None
        if self.options.win_at == "reach":
            champions = [p for p in range(n) if self.levels[p] == ACE]
        else:
            champions = [p for p in risers if before[p] == ACE]
        if not champions and self.options.deals is not None and self.deal_no + 1 >= self.options.deals:
            top = max(self.levels)
            champions = [p for p in range(n) if self.levels[p] == top]
        if champions:
            self.phase = "over"
            self.match_winners = champions
            self.log.append(Event("match_end", {"winners": champions, "levels": [RANKS[x] for x in self.levels]}))
            return
        self.deal_no += 1
        self.starter = (self.starter + 1) % n
        # keep the log short: earlier deals keep only their summary lines (views stay fast)
        self.log[:] = [e for e in self.log if e.kind in SUMMARY_EVENTS]
        self._new_deal()

    # ---- results, views ----------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """Each player's level as a number: 2..10, J=11, Q=12, K=13, A=14."""
        return tuple(x + 2 for x in self.levels)

    def winners(self) -> tuple[Player, ...]:
        return tuple(self.match_winners) if self.phase == "over" else ()

    def _kitty_known_to(self, player: Player | None) -> bool:
        return player is not None and player == self.host and self.phase in ("bury", "call", "play", "between", "over")

    def describe_action(self, action: Any, names: Sequence[str] | None = None, *, by: Player | None = None) -> str:
        return describe(action)

    def _view(self, player: Player | None) -> ZhaoPengyouView:
        ctx = self.ctx if self.trump_rank else None
        key = trump_sort_key(ctx) if ctx else DECK_ORDER.__getitem__
        turn = self.turn if self.phase == "play" else None
        sizes = [len(h) + (len(self.selection) if p == turn else 0) for p, h in enumerate(self.hands)]
        decl = self.declaration
        acting = self.current_players()
        return {
            "you": player,
            "phase": self.phase,
            "round": self.deal_no + 1,
            "rounds": self.options.deals,
            "turn": acting[0] if len(acting) == 1 else None,
            "starter": self.starter,
            "levels": [RANKS[x] for x in self.levels],
            "scores": list(self.scores()),
            "hand": sorted(self.hands[player], key=key) if player is not None else None,
            "selection": list(canonical(self.selection)) if player is not None and player == turn else [],
            "hand_sizes": sizes,
            "deck_size": len(self.deck),
            "declaration": None if decl is None else {"player": decl.player, "suit": decl.suit, "count": decl.copies},
            "host": self.host,
            "trump_suit": self.trump_suit,
            "trump_rank": self.trump_rank,
            "kitty_size": self.options.kitty_size,
            "decks": self.options.decks,
            "kitty": list(canonical(self.kitty)) if self._kitty_known_to(player) else None,
            "to_bury": self.to_bury if self.phase == "bury" else 0,
            "calls": [{"ordinal": c.ordinal, "card": c.card, "seen": c.seen, "found_by": c.found_by}
                      for c in self.calls],
            "friends": list(self.friends),
            "leader": self.leader,
            "lead": list(self.trick[0][1]) if self.trick else None,
            "trick": [[p, list(c)] for p, c in self.trick],
            "last_trick": [[p, list(c)] for p, c in self.last_trick],
            "points_won": list(self.captured),
            "tricks_won": list(self.tricks_won),
            "results": self.results,
            "winners": list(self.match_winners),
        }

    def inventory(self) -> Counter:
        inv = Counter(self.deck)
        inv.update(self.kitty)
        inv.update(self.played)
        inv.update(self.selection)
        for h in self.hands:
            inv.update(h)
        for _, cards in self.trick:
            inv.update(cards)
        return inv

    def determinize(self, player: Player, rng: GameRng) -> "ZhaoPengyouState":
        twin = self.clone()
        n = self.players
        turn = self.turn if self.phase == "play" else None
        if turn is not None and turn != player and twin.selection:
            twin.hands[turn] += twin.selection  # the half-chosen follow is not public yet
            twin.selection = []
        others = [q for q in range(n) if q != player]
        fixed: dict[int, list[str]] = {}
        pool: list[str] = []
        for q in others:
            shown = Counter(twin.shown[q]) & Counter(twin.hands[q])  # shown cards stay where they were seen
            fixed[q] = list(shown.elements())
            pool += list((Counter(twin.hands[q]) - shown).elements())
        pool += twin.deck
        hide_kitty = not twin._kitty_known_to(player) and twin.phase != "over"
        if hide_kitty:
            pool += twin.kitty
        sizes = [len(twin.hands[q]) - len(fixed[q]) for q in others] + [len(twin.deck)]
        (*hands, twin.deck), rest = deal_again(pool, sizes, rng)
        for q, hand in zip(others, hands, strict=True):
            twin.hands[q] = fixed[q] + hand
        if hide_kitty:
            twin.kitty = rest
        twin.rng = twin_rng(rng)
        return twin

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        d = event.data
        kind = event.kind
        if kind == "deal_start":
            levels = ", ".join(f"{names[p]} {lv}" for p, lv in enumerate(d["levels"]))
            return f"Deal {d['deal']}: the first card goes to {names[d['starter']]}. Levels: {levels}."
        if kind == "declare":
            who = names[d["player"]]
            return (f"{who} {verb(who, 'shows', 'show')} {show([d['card']] * d['count'])}, declaring "
                    f"{SUIT_SYMBOLS[d['suit']]} as trumps.")
        if kind == "redeal":
            return "Nobody declared: the cards are shuffled and dealt again."
        if kind == "hand":
            return f"{names[d['player']]} received {show(d['cards'])}."
        if kind == "host":
            return (f"Host: {names[d['host']]}. Trumps: {SUIT_SYMBOLS[d['trump_suit']]}, "
                    f"trump rank {d['trump_rank']}, and the jokers.")
        if kind == "kitty":
            return f"{names[d['player']]} {verb(names[d['player']], 'takes', 'take')} the kitty: {show(d['cards'])}."
        if kind == "bury":
            return f"{names[d['player']]} {verb(names[d['player']], 'buries', 'bury')} {show([d['card']])}."
        if kind == "buried":
            return f"{names[d['player']]} {verb(names[d['player']], 'has', 'have')} buried {d['count']} cards."
        if kind == "call":
            who = names[d["player"]]
            return (f"{who} {verb(who, 'calls', 'call')} for a friend: whoever plays the {ORDINALS[d['ordinal']]} "
                    f"{show([d['card']])}.")
        if kind == "play":
            who = names[d["player"]]
            if "parts" in d:
                return (f"{who} {verb(who, 'throws', 'throw')} {' + '.join(show(p) for p in d['parts'])}: "
                        "nobody can beat any part.")
            return f"{who} {verb(who, 'plays', 'play')} {show(d['cards'])}."
        if kind == "throw_failed":
            who = names[d["player"]]
            return (f"{who} {verb(who, 'tries', 'try')} to throw {' + '.join(show(p) for p in d['parts'])}, but "
                    f"{names[d['by']]} {verb(names[d['by']], 'holds', 'hold')} {show(d['beater'])}, which beats "
                    f"{show(d['part'])}: {who} {verb(who, 'takes', 'take')} the throw back and "
                    f"{verb(who, 'leads', 'lead')} {show(d['part'])} alone.")
        if kind == "friend":
            what = f"the {ORDINALS[d['ordinal']]} {show([d['card']])}"
            if d["player"] == d["host"]:
                return f"{names[d['player']]} (the host) played {what}: that call finds no friend."
            return (f"{names[d['player']]} played {what} and {verb(names[d['player']], 'is', 'are')} revealed "
                    "as the host's friend!")
        if kind == "trick":
            return (f"{names[d['winner']]} {verb(names[d['winner']], 'wins', 'win')} the trick"
                    + (f" with {d['points']} points." if d["points"] else "."))
        if kind == "deal_end":
            team = " and ".join(names[p] for p in d["host_team"])
            bonus = f" (with the kitty's {d['kitty_points']} points doubled)" if d["kitty_bonus"] else ""
            side = team if d["side"] == "host" else "the attackers"
            return (f"End of deal {d['deal']}: host team {team}; the attackers have {d['attackers_points']} "
                    f"points{bonus}, so {side} go up {d['steps']} level{'s' if d['steps'] > 1 else ''}.")
        if kind == "match_end":
            return f"Match over: {winners_text(d['winners'], names)}."
        return f"{kind}: {d}"


class ZhaoPengyou(Game):
    name = "zhao_pengyou"
    title = "Zhao Pengyou"
    teaser = "Declare trumps, call a secret friend, and win tricks with pairs and tractors."
    teaches = "Hypergeometric hands, conditional probability of who the friend is, and rules as constraints."
    min_players = 4
    max_players = 7
    #: the deal; hands, the kitty and the friend's identity are hidden
    game_type = GameType(chance=True, simultaneous=False, perfect_information=False, hidden_lasts=True)
    Options = ZhaoPengyouOptions
    State = ZhaoPengyouState
    moves = MOVES

    def new_state(self, *, seed: int) -> ZhaoPengyouState:
        return ZhaoPengyouState(self.options, seed=seed)


ZhaoPengyouState.game = ZhaoPengyou
GAME = ZhaoPengyou
