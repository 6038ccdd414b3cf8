"""When two names are one: the key a student's name must not share with a classmate's.

A classmate must not be able to pass for another on the class's pages: not by case or spaces, not
by a full-width or ligature form, not by an invisible character or an accent mark, and not by a
letter of another script drawn the same (Cyrillic "а", Cherokee "Ꭺ", Latin alpha "ɑ"). The last
is Unicode's confusables skeleton (UTS #39), which ICU keeps current with every Unicode release;
PyICU is a dependency where a wheel exists (Linux x86-64, macOS arm64). Elsewhere the skeleton is
made from the same confusables data as the ``confusable-homoglyphs`` package ships it (pure
Python, a dependency everywhere), and :data:`FOLDS_BY` says which one this machine uses.
"""
from __future__ import annotations

import functools
import re
import unicodedata

#: characters that show as nothing, or nothing but space, yet are not control characters (those a
#: name may not hold at all): combining grapheme joiner, Hangul fillers, Mongolian and other
#: variation selectors, Khmer inherent vowels, the braille blank
INVISIBLE = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0"
                       "\U000e0100-\U000e01ef]")
#: accent marks that sit on any letter (the combining diacritical blocks), dropped after
#: decomposition: "Adạ" and "Ada̲" pass for "Ada". Marks that are part of a script's spelling
#: (Devanagari vowel signs, Thai tone marks) are kept: they tell names apart.
ACCENT_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")

try:
    import icu

    _SPOOF_CHECKER = icu.SpoofChecker()
    FOLDS_BY = "unicode-skeleton"
except ImportError:  # no PyICU wheel for this platform (see the module's docstring)
    _SPOOF_CHECKER = None
    FOLDS_BY = "confusables-data"

#: marks the confusables data wraps right-to-left characters in, for display only
_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")


@functools.cache
def _prototypes() -> dict[str, str]:
    """Unicode's confusables (confusables.txt, as the ``confusable-homoglyphs`` package ships it):
    every character to the prototype it passes for ("ɑ" to "a", "m" to "rn").

    The package lists each line of confusables.txt both ways, source to prototype and back, in the
    file's order; a source is on one line only and comes before its prototype, so the first of a
    pair met is the source and the other, met later, is a prototype (which stands for itself)."""
    # read only where ICU is missing: loading it parses a 1 MB JSON file
    from confusable_homoglyphs.confusables import confusables_data

    prototype: dict[str, str] = {}
    prototypes: set[str] = set()
    for key, entries in confusables_data.items():
        key = key.translate(_DIRECTION_MARKS)
        if len(key) != 1 or key in prototypes or len(entries) != 1:
            continue  # a sequence, a prototype met again, or a prototype of several sources
        prototype[key] = entries[0]["c"].translate(_DIRECTION_MARKS)
        prototypes.add(prototype[key])
    return prototype


def _skeleton(text: str) -> str:
    """UTS #39's skeleton: decomposed, every character replaced by what it passes for, decomposed again."""
    if _SPOOF_CHECKER is not None:
        return str(_SPOOF_CHECKER.getSkeleton(0, text))
    prototype = _prototypes()
    # UTS #39 drops the default-ignorable characters first: the format characters (a name holding
    # one is refused anyway) and the invisible ones name_key drops before this
    mapped = "".join(prototype.get(char, char) for char in unicodedata.normalize("NFD", text)
                     if unicodedata.category(char) != "Cf")
    return unicodedata.normalize("NFD", mapped)


def name_key(name: str) -> str:
    """What two names of a session must not share: the name in Unicode's compatibility form
    (NFKC: full-width letters, ligatures), without invisible characters or accent marks, reduced
    to its confusables skeleton, case-folded and reduced again (so "Ivan", "IVAN", "lvan" and
    "1van" are one name, and "Mia" one with "rnia"), spaces made single. A key is for comparing
    names, never for showing.

    >>> name_key("Ａda") == name_key("\u0430da") == name_key("Ada\u034f") == name_key("ADA ") == name_key("Adạ")
    True
    """
    text = INVISIBLE.sub("", unicodedata.normalize("NFKC", name))
    text = ACCENT_MARKS.sub("", unicodedata.normalize("NFD", text))
    # before case-folding: capital I passes for small l; after it: small m passes for "rn"
    folded = _skeleton(_skeleton(text).casefold())
    return " ".join(folded.split())
